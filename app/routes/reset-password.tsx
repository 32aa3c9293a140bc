import { Banner, BlockStack, Button, FormLayout, TextField } from "@shopify/polaris";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { AuthLayout } from "~/components/auth-layout";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { fieldErrors } from "~/lib/form-errors";
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
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (valid) return;
    toast({ title: "Invalid Link", message: MESSAGES.invalidResetLink, tone: "critical" });
    navigate("/login", { replace: true });
  }, [valid, toast, navigate]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      await apiRequest("POST", "/api/auth/reset-password", parsed.data);
      toast({ message: "Password Set Successfully", tone: "success" });
      navigate("/login", { replace: true });
    } catch (error) {
      toast({ title: "Error", message: failureMessage(error, "Failed to set password"), tone: "critical" });
      setSubmitting(false);
    }
  }

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
          <TextField
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setErrors({});
            }}
            helpText={MESSAGES.passwordHint}
            error={errors.password}
          />
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
