import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { ApiError, apiRequest, failureMessage } from "~/lib/api-client";
import type { EmailSettingsView } from "~/lib/schemas/email-settings";
import { InlineEditField } from "./inline-edit-field";

type Props = { storeId: string; initial: EmailSettingsView };

/** SPEC §2 Settings → email configuration: the store's own SMTP, the password in an inline edit mode. */
export function EmailSettingsCard({ storeId, initial }: Props) {
  const toast = useToast();
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState({
    smtpHost: initial.smtpHost,
    smtpPort: String(initial.smtpPort),
    smtpUsername: initial.smtpUsername ?? "",
    fromEmail: initial.fromEmail ?? "",
    fromName: initial.fromName ?? "",
  });
  const { pending: saving, run } = useAction();
  const [hostError, setHostError] = useState<string | undefined>();
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const url = `/api/stores/${storeId}/email-settings`;
  const set = (field: keyof typeof form) => (value: string) => {
    if (field === "smtpHost") setHostError(undefined);
    setForm((current) => ({ ...current, [field]: value }));
  };

  const save = (body: Record<string, unknown>) =>
    run(async () => {
      try {
        setSaved(await apiRequest<EmailSettingsView>("PUT", url, body));
      } catch (error) {
        // A host inside a private network is refused on save: say so beside the field too.
        if (error instanceof ApiError) setHostError(error.fieldErrors.smtpHost?.[0]);
        throw error;
      }
      toast({ title: "Success", message: "Email settings saved", tone: "success" });
    }, "Failed to save email settings");

  async function sendTest() {
    setTesting(true);
    try {
      const { message } = await apiRequest<{ message: string }>("POST", `${url}/send-test`, {});
      setTestResult({ ok: true, message });
    } catch (error) {
      setTestResult({ ok: false, message: failureMessage(error, "The test email could not be sent") });
    } finally {
      setTesting(false);
    }
  }

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Email configuration
          </Text>
          <Badge tone={saved.isConfigured ? "success" : "attention"}>
            {saved.isConfigured ? "Configured" : "Not configured"}
          </Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          Welcome emails go out through your own mail server, from your own address.
        </Text>
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label="SMTP host"
              value={form.smtpHost}
              onChange={set("smtpHost")}
              error={hostError}
              autoComplete="off"
            />
            <TextField
              label="SMTP port"
              type="number"
              value={form.smtpPort}
              onChange={set("smtpPort")}
              autoComplete="off"
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="SMTP username"
              value={form.smtpUsername}
              onChange={set("smtpUsername")}
              autoComplete="off"
            />
            <InlineEditField
              label="SMTP password"
              type="password"
              value={saved.smtpPassword}
              startEmpty
              onSave={(password) => save({ smtpPassword: password })}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="From email"
              type="email"
              value={form.fromEmail}
              onChange={set("fromEmail")}
              autoComplete="off"
            />
            <TextField
              label="From name"
              value={form.fromName}
              onChange={set("fromName")}
              autoComplete="off"
            />
          </FormLayout.Group>
        </FormLayout>
        {testResult ? (
          <Banner tone={testResult.ok ? "success" : "critical"} onDismiss={() => setTestResult(null)}>
            {testResult.message}
          </Banner>
        ) : null}
        <InlineStack align="end" gap="200">
          <Button onClick={sendTest} loading={testing} disabled={!saved.isConfigured}>
            Send test email
          </Button>
          <Button
            variant="primary"
            loading={saving}
            onClick={() => save({ ...form, smtpPort: Number(form.smtpPort) })}
          >
            Save email settings
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
