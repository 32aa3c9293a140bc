import { BlockStack, Button, FormLayout, InlineStack, Link, Text, TextField } from "@shopify/polaris";
import { type FormEvent, useState } from "react";
import { AuthLayout } from "~/components/auth-layout";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { fieldErrors } from "~/lib/form-errors";
import { forgotPasswordSchema, MESSAGES } from "~/lib/schemas/auth";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password · Newsletter Popup" }];

export default function ForgotPassword() {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setSubmitting(true);
    try {
      await apiRequest("POST", "/api/auth/forgot-password", parsed.data);
      toast({ message: MESSAGES.resetSent, tone: "success" });
      setSent(true);
    } catch (failure) {
      toast({
        title: "Error",
        message: failureMessage(failure, "Failed to send reset email"),
        tone: "critical",
      });
    } finally {
      setSubmitting(false);
    }
  }

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
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
            error={error}
          />
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
