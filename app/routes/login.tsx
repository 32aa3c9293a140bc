import { Banner, BlockStack, Button, FormLayout, Link, TextField } from "@shopify/polaris";
import { redirect, useNavigate } from "react-router";
import { AuthLayout } from "~/components/auth-layout";
import { useToast } from "~/components/toast";
import { useForm } from "~/components/use-form";
import { findActor } from "~/http/guards/request-actor.server";
import { apiRequest } from "~/lib/api-client";
import { loginSchema } from "~/lib/schemas/auth";
import { SESSION_EXPIRED } from "~/lib/session-countdown";
import { countUsers } from "~/services/access/users.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await findActor(request)) throw redirect("/");
  // A fresh install has nobody to sign in: /setup creates the first account.
  return {
    setupOpen: (await countUsers()) === 0,
    sessionExpired: new URL(request.url).searchParams.get("reason") === "session-expired",
  };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { field, failure, submit, submitting } = useForm({
    initial: { email: "", password: "" },
    schema: loginSchema,
    failure: { title: "Login failed", message: "Login failed" },
    failureInline: true,
    navigates: true,
    send: async (body) => {
      await apiRequest("POST", "/api/auth/login", body);
      toast({ message: "Logged in successfully", tone: "success" });
      await navigate("/");
    },
  });

  return (
    <AuthLayout title="Sign in" subtitle="Manage your newsletter popups and subscribers">
      {loaderData.sessionExpired && !failure ? (
        <Banner tone="warning" title={SESSION_EXPIRED.title}>
          <p>{SESSION_EXPIRED.message}</p>
        </Banner>
      ) : null}
      {loaderData.setupOpen ? (
        <Banner tone="info" title="No account exists yet">
          <BlockStack gap="200" inlineAlign="start">
            <p>This is a new installation. Create the admin account to get started.</p>
            <Link url="/setup">Create the admin account</Link>
          </BlockStack>
        </Banner>
      ) : null}
      <form onSubmit={submit} noValidate>
        <FormLayout>
          {failure ? (
            <Banner tone="critical" title="Login failed">
              <p>{failure}</p>
            </Banner>
          ) : null}
          <TextField label="Email" type="email" name="email" autoComplete="email" {...field("email")} />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            {...field("password")}
          />
          <BlockStack gap="300" inlineAlign="start">
            <Button submit variant="primary" loading={submitting} fullWidth>
              Sign in
            </Button>
            <Link url="/forgot-password">Forgot password?</Link>
          </BlockStack>
        </FormLayout>
      </form>
    </AuthLayout>
  );
}
