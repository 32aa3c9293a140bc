import { BlockStack, Button, FormLayout, Link, TextField } from "@shopify/polaris";
import { type FormEvent, useState } from "react";
import { redirect, useNavigate } from "react-router";
import { AuthLayout } from "~/components/auth-layout";
import { useToast } from "~/components/toast";
import { findActor } from "~/http/guards/request-actor.server";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { fieldErrors } from "~/lib/form-errors";
import { loginSchema } from "~/lib/schemas/auth";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await findActor(request)) throw redirect("/");
  return null;
}

export default function Login() {
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const update = (field: "email" | "password") => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: "" }));
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      await apiRequest("POST", "/api/auth/login", parsed.data);
      toast({ message: "Logged in successfully", tone: "success" });
      await navigate("/");
    } catch (error) {
      toast({ title: "Login failed", message: failureMessage(error, "Login failed"), tone: "critical" });
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Sign in" subtitle="Manage your newsletter popups and subscribers">
      <form onSubmit={submit} noValidate>
        <FormLayout>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            onChange={update("email")}
            error={errors.email || undefined}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={update("password")}
            error={errors.password || undefined}
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
