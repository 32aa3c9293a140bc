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
import { useAppContext } from "~/components/app-context";
import { ConfirmModal } from "~/components/confirm-modal";
import { SendTestModal } from "~/components/send-test-modal";
import { useToast } from "~/components/toast";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import { fieldErrors, serverFieldErrors } from "~/lib/form-errors";
import { type EmailSettingsView, updateEmailSettingsSchema } from "~/lib/schemas/email-settings";
import { InlineEditField } from "./inline-edit-field";

type Props = {
  storeId: string;
  initial: EmailSettingsView;
  /** Called after each successful save with the settings as saved (the page re-reads what depends on them). */
  onSaved?: (settings: EmailSettingsView) => void;
};

type FormFields = {
  smtpHost: string;
  smtpPort: string;
  smtpUsername: string;
  fromEmail: string;
  fromName: string;
  dkimSelector: string;
};
type FieldName = keyof FormFields | "smtpPassword" | "dkimPrivateKey";

function formOf(settings: EmailSettingsView): FormFields {
  return {
    smtpHost: settings.smtpHost,
    smtpPort: String(settings.smtpPort),
    smtpUsername: settings.smtpUsername ?? "",
    fromEmail: settings.fromEmail ?? "",
    fromName: settings.fromName ?? "",
    dkimSelector: settings.dkimSelector ?? "",
  };
}

/** What PUT receives: the port as a number (null when empty, which the schema calls required). */
function bodyOf(form: FormFields) {
  const port = form.smtpPort.trim();
  return { ...form, smtpPort: port === "" ? null : Number(port) };
}

/**
 * The badge: "Configured" only once a test email went through the settings as saved now; a test that
 * failed says so until the next test or save.
 */
function StatusBadge({ settings, testFailed }: { settings: EmailSettingsView; testFailed: boolean }) {
  if (settings.verifiedAt) return <Badge tone="success">Configured</Badge>;
  if (testFailed) return <Badge tone="critical">Test email failed — check the settings</Badge>;
  if (settings.isConfigured) return <Badge tone="attention">Saved — send a test email to verify</Badge>;
  return <Badge tone="attention">Not configured</Badge>;
}

/** SPEC §2 Settings → email configuration: the store's own SMTP, the password in an inline edit mode. */
export function EmailSettingsCard({ storeId, initial, onSaved }: Props) {
  const toast = useToast();
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial));
  const { pending: saving, run } = useAction();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const { user } = useAppContext();
  const [testOpen, setTestOpen] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [removingKey, setRemovingKey] = useState(false);
  const url = `/api/stores/${storeId}/email-settings`;
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(saved));
  const set = (field: keyof FormFields) => (value: string) => {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setForm((current) => ({ ...current, [field]: value }));
  };

  const save = (body: Record<string, unknown>) =>
    run(
      async () => {
        try {
          const next = await apiRequest<EmailSettingsView>("PUT", url, body);
          setSaved(next);
          setTestResult(null);
          if ("smtpHost" in body) setForm(formOf(next));
          setErrors({});
          onSaved?.(next);
        } catch (error) {
          // Each refused field says why beside it (all of them, from the server's 422 `errors`).
          setErrors(serverFieldErrors(error));
          throw error;
        }
        toast({ title: "Success", message: "Email settings saved", tone: "success" });
      },
      { title: "Email settings not saved", message: "Failed to save email settings" },
    );

  function saveForm() {
    // The shared schema answers at once, for every field; the server checks the same rules (and the host).
    const parsed = updateEmailSettingsSchema.safeParse(bodyOf(form));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast({
        title: "Email settings not saved",
        message: "Correct the fields marked in red",
        tone: "critical",
      });
      return;
    }
    return save(bodyOf(form));
  }

  useUnsavedChanges(dirty, {
    save: saveForm,
    discard: () => {
      setErrors({});
      setForm(formOf(saved));
    },
  });

  async function sendTest(to: string): Promise<string> {
    try {
      return (await apiRequest<{ message: string }>("POST", `${url}/send-test`, { to })).message;
    } finally {
      // The test's outcome decides the badge: read it back rather than guess.
      setSaved(await apiRequest<EmailSettingsView>("GET", url).catch(() => saved));
    }
  }

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Email configuration
          </Text>
          <StatusBadge settings={saved} testFailed={testResult?.ok === false} />
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
              error={errors.smtpHost}
              autoComplete="off"
            />
            <TextField
              label="SMTP port"
              type="number"
              value={form.smtpPort}
              onChange={set("smtpPort")}
              error={errors.smtpPort}
              autoComplete="off"
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="SMTP username"
              value={form.smtpUsername}
              onChange={set("smtpUsername")}
              error={errors.smtpUsername}
              autoComplete="off"
            />
            <InlineEditField
              label="SMTP password"
              type="password"
              value={saved.smtpPassword}
              startEmpty
              error={errors.smtpPassword}
              onSave={(password) => save({ smtpPassword: password })}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="From email"
              type="email"
              value={form.fromEmail}
              onChange={set("fromEmail")}
              error={errors.fromEmail}
              autoComplete="off"
            />
            <TextField
              label="From name"
              value={form.fromName}
              onChange={set("fromName")}
              error={errors.fromName}
              autoComplete="off"
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="DKIM selector"
              value={form.dkimSelector}
              onChange={set("dkimSelector")}
              error={errors.dkimSelector}
              autoComplete="off"
              helpText="Your DKIM record's name before ._domainkey. Empty: mail goes out unsigned."
            />
            <InlineEditField
              label="DKIM private key"
              value={saved.dkimPrivateKey}
              emptyText="Not set"
              startEmpty
              multiline
              error={errors.dkimPrivateKey}
              helpText="PEM, from -----BEGIN PRIVATE KEY-----. Stored encrypted, never shown again."
              onSave={(key) => save({ dkimPrivateKey: key })}
              onRemove={() => setRemovingKey(true)}
            />
          </FormLayout.Group>
        </FormLayout>
        {testResult ? (
          <Banner tone={testResult.ok ? "success" : "critical"} onDismiss={() => setTestResult(null)}>
            {testResult.message}
          </Banner>
        ) : null}
        <InlineStack align="end" gap="200">
          {dirty ? (
            <Text as="span" tone="subdued">
              Save your changes, then send a test email.
            </Text>
          ) : null}
          <Button onClick={() => setTestOpen(true)} disabled={!saved.isConfigured || dirty}>
            Send test email
          </Button>
          <Button variant="primary" loading={saving} onClick={saveForm}>
            Save email settings
          </Button>
        </InlineStack>
      </BlockStack>
      <ConfirmModal
        open={removingKey}
        title="Remove the DKIM private key?"
        message="Your emails go out unsigned from then on. You can paste a key again at any time."
        confirmLabel="Remove key"
        busy={saving}
        onConfirm={() =>
          void save({ dkimPrivateKey: null }).then((removed) => removed && setRemovingKey(false))
        }
        onCancel={() => setRemovingKey(false)}
      />
      <SendTestModal
        open={testOpen}
        defaultTo={user.email}
        helpText="A short message through the SMTP settings as saved, to check that they work."
        send={sendTest}
        onOutcome={setTestResult}
        onClose={() => setTestOpen(false)}
      />
    </Card>
  );
}
