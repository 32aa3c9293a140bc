import { BlockStack, Button, FormLayout, InlineStack, Link, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { AuthLayout } from "~/components/auth-layout";
import { useToast } from "~/components/toast";
import { useForm } from "~/components/use-form";
import { apiRequest } from "~/lib/api-client";
import { forgotPasswordSchema, MESSAGES } from "~/lib/schemas/auth";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password · Newsletter Popup" }];

export default function ForgotPassword() {
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const { field, submit, submitting } = useForm({
    initial: { email: "" },
    schema: forgotPasswordSchema,
    failure: { title: "Error", message: "Failed to send reset email" },
    send: async (body) => {
      await apiRequest("POST", "/api/auth/forgot-password", body);
      toast({ message: MESSAGES.resetSent, tone: "success" });
      setSent(true);
    },
  });

  if (sent) {
    return (
      <AuthLayout title="Check Your Email">
        <BlockStack gap="400">
          <Text as="p">{MESSAGES.resetSent}</Text>
          <Text as="p" tone="subdued">
            The link works once and expires in 60 minutes.
          </Text>
          <InlineStack gap="300">
            <Button onClick={() => setSent(false)}>Try Again</Button>
            <Button variant="primary" url="/login">
              Back to Login
            </Button>
          </InlineStack>
        </BlockStack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your email and we will send you a reset link.">
      <form onSubmit={submit} noValidate>
        <FormLayout>
          <TextField label="Email" type="email" name="email" autoComplete="email" {...field("email")} />
          <BlockStack gap="300" inlineAlign="start">
            <Button submit variant="primary" loading={submitting} fullWidth>
              Send reset link
            </Button>
            <Link url="/login">Back to Login</Link>
          </BlockStack>
        </FormLayout>
      </form>
    </AuthLayout>
  );
}
