import { Banner, BlockStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { ConfirmModal } from "~/components/confirm-modal";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { formatTimeAgo } from "~/lib/format";
import { describeHeld, type HeldEmails, OLD_HELD_EMAIL_MS, sendHeldLabel } from "~/lib/schemas/held-emails";

type Props = {
  storeId: string;
  held: HeldEmails;
  /** Where the email settings are; omitted on the Settings page itself, where they are just below. */
  settingsUrl?: string;
  /** Where the postal address is set: the email template's footer (Company address). */
  postalAddressUrl: string;
  onChanged?: (held: HeldEmails) => void;
};

type Changed = { held: HeldEmails; queued?: number; discarded?: number };

/**
 * Subscribers' emails that did not go because the store's email is not set up, or welcome emails for want
 * of a postal address (never skipped silently): a critical banner until SMTP (and the address) is saved,
 * then the offer to send them (or discard them), with their age.
 */
export function HeldEmailsBanner({
  storeId,
  held: initial,
  settingsUrl,
  postalAddressUrl,
  onChanged,
}: Props) {
  const [held, setHeld] = useState(initial);
  const [outcome, setOutcome] = useState<{ tone: "success" | "critical"; message: string } | null>(null);
  const [busy, setBusy] = useState<"send" | "discard" | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // A newer summary from the page (a save of the email settings) replaces the one shown.
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    setHeld(initial);
  }
  const total = held.welcome + held.confirmation;

  async function change(method: "POST" | "DELETE") {
    setBusy(method === "POST" ? "send" : "discard");
    try {
      const answer = await apiRequest<Changed>(method, `/api/stores/${storeId}/held-emails`);
      setHeld(answer.held);
      onChanged?.(answer.held);
      const what = describeHeld(countsOf(held));
      setOutcome({
        tone: "success",
        message:
          answer.queued !== undefined
            ? `Sending ${what}. Anyone who unsubscribed meanwhile gets nothing.`
            : `Discarded ${what}: they will not be sent.`,
      });
    } catch (error) {
      setOutcome({
        tone: "critical",
        message: failureMessage(error, "The held emails could not be changed"),
      });
    } finally {
      setBusy(null);
      setConfirmingDiscard(false);
    }
  }

  if (total === 0) {
    return outcome ? (
      <Banner tone={outcome.tone} onDismiss={() => setOutcome(null)}>
        {outcome.message}
      </Banner>
    ) : null;
  }
  const what = describeHeld(held);
  const since = held.oldestAt ? formatTimeAgo(held.oldestAt, held.checkedAt) : null;
  const old =
    held.oldestAt !== null && Date.parse(held.checkedAt) - Date.parse(held.oldestAt) > OLD_HELD_EMAIL_MS;
  const age = since ? ` The first of them subscribed ${since}.` : "";

  if (!held.emailConfigured) {
    return (
      <Banner
        tone="critical"
        title={`${what} not sent: email is not set up`}
        action={settingsUrl ? { content: "Set up email", url: settingsUrl } : undefined}
      >
        <Text as="p">
          {`New subscribers saw the thank-you message and their code, but got no email: this store has no SMTP settings.${age} Nothing is lost: once email is set up, you can send them${settingsUrl ? "" : " from here. Fill in Email configuration below"}.`}
        </Text>
      </Banner>
    );
  }

  if (held.welcome > 0 && !held.postalAddressSet) {
    return (
      <Banner
        tone="critical"
        title={`${describeHeld({ welcome: held.welcome, confirmation: 0 })} not sent: no postal address`}
        action={{ content: "Add your postal address", url: postalAddressUrl }}
      >
        <Text as="p">
          {`A welcome email carries your offer: anti-spam laws such as CAN-SPAM require a postal address in it, as in every campaign.${age} Nothing is lost: once your address is in the email footer (Company address), you can send them.`}
        </Text>
      </Banner>
    );
  }

  return (
    <>
      <Banner
        tone="warning"
        title={`${what} waiting to be sent`}
        action={{
          content: sendHeldLabel(held),
          onAction: () => void change("POST"),
          loading: busy === "send",
        }}
        secondaryAction={{ content: "Don't send them", onAction: () => setConfirmingDiscard(true) }}
      >
        <BlockStack gap="100">
          <Text as="p">{`They were held while email was not set up or your postal address was missing.${age}`}</Text>
          {old ? (
            <Text as="p">
              Some people signed up more than a month ago and may not remember your store: a late welcome
              email can be marked as spam. You can discard them instead.
            </Text>
          ) : null}
          {outcome?.tone === "critical" ? (
            <Text as="p" tone="critical">
              {outcome.message}
            </Text>
          ) : null}
        </BlockStack>
      </Banner>
      <ConfirmModal
        open={confirmingDiscard}
        title={`Discard ${what}?`}
        message="They will never be sent. Each subscriber's details will say the email was discarded."
        confirmLabel="Discard"
        busy={busy === "discard"}
        onConfirm={() => void change("DELETE")}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </>
  );
}

const countsOf = ({ welcome, confirmation }: HeldEmails) => ({ welcome, confirmation });
