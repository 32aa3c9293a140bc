import { BlockStack, Card, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { EMAIL_EVENTS_PROVIDERS, type EmailEventsProvider } from "~/lib/schemas/email-events";
import type { EmailSettingsView } from "~/lib/schemas/email-settings";
import { InlineEditField } from "./inline-edit-field";

type Props = { storeId: string; initial: EmailSettingsView };

const NONE = "";

const providerOptions = [
  { label: "None (SMTP refusals only)", value: NONE },
  ...Object.entries(EMAIL_EVENTS_PROVIDERS).map(([value, { label }]) => ({ label, value })),
];

/**
 * Settings → Bounces and complaints (docs/decisions/174): the provider behind the store's SMTP server, the
 * secret that verifies its webhook (typed afresh, shown masked), and the URL to give the provider.
 */
export function BounceWebhookCard({ storeId, initial }: Props) {
  const toast = useToast();
  const [saved, setSaved] = useState(initial);
  const [provider, setProvider] = useState<string>(initial.eventsProvider ?? NONE);
  const url = `/api/stores/${storeId}/email-settings`;
  const chosen = provider === NONE ? null : (provider as EmailEventsProvider);

  async function save(body: { eventsProvider: EmailEventsProvider | null; eventsSecret?: string }) {
    try {
      setSaved(await apiRequest<EmailSettingsView>("PUT", url, body));
      toast({ title: "Success", message: "Bounce webhook saved", tone: "success" });
      return true;
    } catch (error) {
      return { refused: failureMessage(error, "The bounce webhook was not saved") };
    }
  }

  async function chooseProvider(value: string) {
    setProvider(value);
    // A provider needs its secret first; "None" is saved at once.
    if (value === NONE && saved.eventsProvider) await save({ eventsProvider: null });
  }

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Bounces and complaints
        </Text>
        <Text as="p" tone="subdued">
          An address your mail server refuses for good is marked bounced and gets no more email. If your
          server is a provider's, its webhook also reports bounces and spam complaints.
        </Text>
        <Select label="Email provider" options={providerOptions} value={provider} onChange={chooseProvider} />
        {chosen ? (
          <>
            <InlineEditField
              label={EMAIL_EVENTS_PROVIDERS[chosen].secretLabel}
              type={chosen === "ses" ? "text" : "password"}
              value={saved.eventsProvider === chosen ? saved.eventsSecret : ""}
              helpText={EMAIL_EVENTS_PROVIDERS[chosen].secretHelp}
              startEmpty
              onSave={(secret) => save({ eventsProvider: chosen, eventsSecret: secret })}
            />
            <TextField
              label="Webhook URL"
              value={saved.eventsUrl}
              readOnly
              autoComplete="off"
              helpText="Give this address to the provider for bounce and complaint notifications"
            />
          </>
        ) : null}
      </BlockStack>
    </Card>
  );
}
