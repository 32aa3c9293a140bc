import { Banner, BlockStack, Button, FormLayout } from "@shopify/polaris";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { AuthLayout } from "~/components/auth-layout";
import { NewPasswordField } from "~/components/password-field";
import { useToast } from "~/components/toast";
import { useForm } from "~/components/use-form";
import { apiRequest } from "~/lib/api-client";
import { MESSAGES, resetPasswordSchema } from "~/lib/schemas/auth";
import { isResetTokenValid } from "~/services/access/auth.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Set new password · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: token !== "" && (await isResetTokenValid(token)) };
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, valid } = loaderData;
  const navigate = useNavigate();
  const toast = useToast();
  const { field, errors, submit, submitting } = useForm({
    initial: { password: "" },
    hidden: { token },
    schema: resetPasswordSchema,
    failure: { title: "Error", message: "Failed to set password" },
    navigates: true,
    send: async (body) => {
      await apiRequest("POST", "/api/auth/reset-password", body);
      toast({ message: "Password Set Successfully", tone: "success" });
      navigate("/login", { replace: true });
    },
  });

  useEffect(() => {
    if (valid) return;
    toast({
      title: "Invalid Link",
      message: MESSAGES.invalidResetLink,
      tone: "critical",
      keepOnNavigation: true,
    });
    navigate("/login", { replace: true });
  }, [valid, toast, navigate]);

  if (!valid) {
    return (
      <AuthLayout title="Invalid Link">
        <Banner tone="critical">{MESSAGES.invalidResetLink}</Banner>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set New Password" subtitle="Choose a password for your account.">
      <form onSubmit={submit} noValidate>
        <FormLayout>
          {errors.token ? <Banner tone="critical">{errors.token}</Banner> : null}
          <NewPasswordField label="New password" name="password" {...field("password")} />
          <BlockStack inlineAlign="start">
            <Button submit variant="primary" loading={submitting} fullWidth>
              Set password
            </Button>
          </BlockStack>
        </FormLayout>
      </form>
    </AuthLayout>
  );
}
