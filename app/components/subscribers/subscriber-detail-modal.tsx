import {
  Banner,
  BlockStack,
  DescriptionList,
  InlineGrid,
  InlineStack,
  Modal,
  Spinner,
  Text,
} from "@shopify/polaris";
import { type ReactNode, useEffect, useState } from "react";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import { formatBirthday } from "~/lib/birthday";
import { formatDateTime } from "~/lib/format";
import type { SubscriberDetail, SubscriberEmail, SubscriberListRow } from "~/lib/schemas/subscribers";
import { IMPORT_VENDORS } from "~/lib/subscriber-import/vendors";
import { CouponBadge, StatusBadge } from "./badges";

/** The detail arrives from the JSON API; the row from the list (loader or API). */
type Detail = Received<SubscriberDetail>;
type SubscriberRow = Received<SubscriberListRow>;

type Props = {
  storeId: string;
  /** The row whose details are shown; null when the dialog is closed. */
  subscriber: SubscriberRow | null;
  canManage: boolean;
  onClose: () => void;
  onDelete: (row: SubscriberRow) => void;
};

/** What was fetched, and for which id (an answer for the previously opened row is never shown). */
type Load =
  | { id: string; state: "failed"; message: string }
  | { id: string; state: "loaded"; detail: Detail };

/** SPEC §2: a long id shows its first characters; the whole value is in the tooltip. */
function ShortId({ value, length }: { value: string | null; length: number }) {
  if (!value) return <>—</>;
  if (value.length <= length) return <span>{value}</span>;
  return <span title={value}>{value.slice(0, length)}…</span>;
}

const detailColumns = { xs: 1, md: 2 };

const text = (value: string | null | undefined): ReactNode => value || "—";

function Section({ title, items }: { title: string; items: { term: string; description: ReactNode }[] }) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {title}
      </Text>
      <DescriptionList gap="tight" items={items} />
    </BlockStack>
  );
}

/** "Bounced 28 Nov 2026, 06:10: SMTP 550 5.1.1 No such user": why no email goes to the address any more. */
function suppressionText(detail: Detail): string {
  const label = detail.suppression === "bounced" ? "Bounced" : "Complained (marked as spam)";
  const when = detail.suppressedAt ? ` ${formatDateTime(detail.suppressedAt)}` : "";
  return `${label}${when}${detail.suppressionReason ? `: ${detail.suppressionReason}` : ""}`;
}

const EMAIL_NAMES: Record<SubscriberEmail["kind"], string> = {
  welcome: "Welcome email",
  confirmation: "Confirmation request",
};

/** What became of one of the subscriber's emails, in words: "Not sent: email not set up". */
function emailOutcome(email: Received<SubscriberEmail>): string {
  switch (email.status) {
    case "sent":
      return email.sentAt ? `Sent ${formatDateTime(email.sentAt)}` : "Sent";
    case "held":
      return `Not sent: ${email.error ?? "email not set up"}`;
    case "discarded":
      return "Not sent: discarded in Settings";
    case "suppressed":
      return `Not sent: ${email.error ?? "the address bounced or complained"}`;
    case "failed":
      return `Failed: ${email.error ?? "the mail server refused it"}`;
    default:
      return email.error ? `Sending (last try: ${email.error})` : "Sending";
  }
}

function EmailsSection({ emails }: { emails: Received<SubscriberEmail>[] }) {
  return (
    <Section
      title="Emails"
      items={
        emails.length > 0
          ? emails.map((email) => ({
              term: EMAIL_NAMES[email.kind],
              description: (
                <Text
                  as="span"
                  tone={["held", "failed", "suppressed"].includes(email.status) ? "critical" : undefined}
                >
                  {emailOutcome(email)}
                </Text>
              ),
            }))
          : [{ term: "Welcome email", description: "None sent" }]
      }
    />
  );
}

function Details({ detail }: { detail: Detail }) {
  const address = [detail.address, detail.street, detail.city, detail.state, detail.zipCode, detail.country];
  return (
    <InlineGrid columns={detailColumns} gap="600">
      <BlockStack gap="500">
        <Section
          title="Subscriber"
          items={[
            { term: "Subscriber ID", description: <ShortId value={detail.id} length={8} /> },
            { term: "Email", description: detail.email },
            { term: "Name", description: text(detail.name) },
            { term: "First name", description: text(detail.firstName) },
            { term: "Birthday", description: text(formatBirthday(detail.birthdayDay, detail.birthdayMonth)) },
            { term: "Phone", description: text(detail.phone) },
            ...(detail.phoneConsentedAt
              ? [
                  {
                    term: "Text messages",
                    description: `Agreed ${formatDateTime(detail.phoneConsentedAt)}: ${detail.phoneConsentText ?? ""}`,
                  },
                ]
              : []),
            { term: "Company", description: text(detail.company) },
            ...(detail.tags?.length ? [{ term: "Tags", description: detail.tags.join(", ") }] : []),
            { term: "Status", description: <StatusBadge isActive={detail.isActive} /> },
            ...(detail.suppression ? [{ term: "Email delivery", description: suppressionText(detail) }] : []),
            { term: "Subscribed", description: formatDateTime(detail.subscribedAt) },
            ...(detail.unsubscribedAt
              ? [{ term: "Unsubscribed", description: unsubscribedText(detail, detail.unsubscribedAt) }]
              : []),
            { term: "Session ID", description: <ShortId value={detail.sessionId} length={12} /> },
          ]}
        />
        <EmailsSection emails={detail.emails} />
        <Section
          title="Discount"
          items={[
            { term: "Code", description: text(detail.discountCodeSent) },
            {
              term: "Coupon",
              description: <CouponBadge code={detail.discountCodeSent} used={detail.discountCodeUsed} />,
            },
          ]}
        />
      </BlockStack>
      <BlockStack gap="500">
        {address.some(Boolean) ? (
          <Section
            title="Address"
            items={[
              { term: "Address", description: text(detail.address) },
              { term: "Street", description: text(detail.street) },
              { term: "City", description: text(detail.city) },
              { term: "State", description: text(detail.state) },
              { term: "Zip code", description: text(detail.zipCode) },
              { term: "Country", description: text(detail.country) },
            ]}
          />
        ) : null}
        <Section
          title="Consent"
          items={[
            { term: "Source", description: sourceOf(detail) },
            ...(detail.source === "import" && detail.importConsent
              ? [{ term: "The file said", description: detail.importConsent }]
              : []),
            {
              term: "Page",
              description: detail.consentPageUrl ? (
                <span style={{ overflowWrap: "anywhere" }}>{detail.consentPageUrl}</span>
              ) : (
                "—"
              ),
            },
            { term: "IP address", description: text(detail.consentIp) },
            {
              term: "Browser",
              description: <span style={{ overflowWrap: "anywhere" }}>{text(detail.consentUserAgent)}</span>,
            },
            { term: "Consented", description: formatDateTime(detail.consentedAt) },
            {
              term: "Double opt-in",
              description: detail.confirmationRequired
                ? detail.confirmedAt
                  ? `Confirmed ${formatDateTime(detail.confirmedAt)}`
                  : "Awaiting confirmation"
                : "Not required",
            },
          ]}
        />
      </BlockStack>
    </InlineGrid>
  );
}

/**
 * When the address stopped being subscribed, and on whose evidence (docs/decisions/209): the person, or an
 * import's file — which a later file's opt-in can lift only when it showed no opt-out.
 */
function unsubscribedText(detail: Detail, at: Date | string): string {
  const when = formatDateTime(at);
  const file = detail.importFile ? `the import of ${detail.importFile.fileName}` : "an import";
  switch (detail.unsubscribeSource) {
    case "subscriber":
      return `${when}, by themselves: no import subscribes them again`;
    case "import_opt_out":
      return `${when}, by ${file}: ${detail.importConsent ?? "they left the other tool's list"}`;
    case "import_no_consent":
      return `${when}, by ${file}, which showed no consent: a later import whose file says they subscribed subscribes them`;
    default:
      return when;
  }
}

/** Where the consent came from: the popup, or the import file by name and the export it looked like. */
function sourceOf(detail: Detail): ReactNode {
  if (detail.source !== "import" || !detail.importFile) return detail.source;
  return (
    <span style={{ overflowWrap: "anywhere" }}>
      Import of {detail.importFile.fileName} ({IMPORT_VENDORS[detail.importFile.vendor] ?? "CSV file"})
    </span>
  );
}

/** SPEC §2: the subscriber detail dialog, loaded from the API when it opens. */
export function SubscriberDetailModal({ storeId, subscriber, canManage, onClose, onDelete }: Props) {
  const [load, setLoad] = useState<Load | null>(null);
  const id = subscriber?.id;
  const shown = load && load.id === id ? load : null;

  useEffect(() => {
    if (!id) return;
    let current = true;
    apiRequest<Detail>("GET", `/api/stores/${storeId}/subscribers/${id}`)
      .then((detail) => {
        if (current) setLoad({ id, state: "loaded", detail });
      })
      .catch((error: unknown) => {
        if (current) {
          setLoad({ id, state: "failed", message: failureMessage(error, "Failed to load subscriber") });
        }
      });
    return () => {
      current = false;
    };
  }, [storeId, id]);

  return (
    <Modal
      open={subscriber !== null}
      onClose={onClose}
      size="large"
      title={subscriber?.email ?? "Subscriber"}
      secondaryActions={[
        ...(canManage && subscriber
          ? [{ content: "Delete", destructive: true, onAction: () => onDelete(subscriber) }]
          : []),
        { content: "Close", onAction: onClose },
      ]}
    >
      <Modal.Section>
        {shown === null ? (
          <InlineStack align="center">
            <Spinner accessibilityLabel="Loading subscriber" size="large" />
          </InlineStack>
        ) : shown.state === "failed" ? (
          <Banner tone="critical" title="Error">
            <p>{shown.message}</p>
          </Banner>
        ) : (
          <Details detail={shown.detail} />
        )}
      </Modal.Section>
    </Modal>
  );
}
