import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Divider,
  InlineGrid,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";
import { Fragment, useCallback, useEffect, useRef, useState } from "react";
import { CopyButton } from "~/components/copy-button";
import { apiRequest, failureMessage } from "~/lib/api-client";
import type { SendingDomainCheck, SendingDomainRecord } from "~/lib/schemas/email-settings";

type Props = {
  storeId: string;
  /** The saved From address: its domain is checked; none, nothing to check yet. */
  fromEmail: string | null;
};

const PURPOSE: Record<SendingDomainRecord["kind"], string> = {
  SPF: "Names the servers allowed to send email from your domain.",
  DKIM: "Publishes the key your emails are signed with.",
  DMARC: "Tells mailbox providers what to do with email that fails SPF and DKIM.",
};

function StatusBadge({ status }: { status: SendingDomainRecord["status"] }) {
  if (status === "found") return <Badge tone="success">Found</Badge>;
  if (status === "mismatch") return <Badge tone="warning">Doesn't match</Badge>;
  return <Badge tone="critical">Missing</Badge>;
}

/** A field to read and copy from: the host or the value of a record to add. */
function CopyField({ label, value, what, helpText, multiline = false }: CopyFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      readOnly
      multiline={multiline}
      autoComplete="off"
      helpText={helpText}
      connectedRight={<CopyButton text={value} what={what} />}
    />
  );
}
type CopyFieldProps = { label: string; value: string; what: string; helpText?: string; multiline?: boolean };

/** How DNS providers that append the domain themselves want the host: "@" for the domain, else the rest. */
function relativeHost(name: string, domain: string): string {
  return name === domain ? "@" : name.slice(0, -(domain.length + 1));
}

function RecordToAdd({ record, domain }: { record: SendingDomainRecord; domain: string }) {
  return (
    <BlockStack gap="200">
      <Text as="p">
        {record.status === "mismatch" ? "Put this TXT record in its place:" : "Add this TXT record:"}
      </Text>
      <InlineGrid columns={{ xs: 1, md: ["twoThirds", "oneThird"] }} gap="300">
        <CopyField
          label="Host"
          value={record.name}
          what={`${record.kind} host`}
          helpText={`If your DNS provider adds ${domain} by itself, enter ${relativeHost(record.name, domain)}`}
        />
        <TextField label="Type" value="TXT" readOnly autoComplete="off" />
      </InlineGrid>
      <CopyField label="Value" value={record.expected} what={`${record.kind} value`} multiline />
    </BlockStack>
  );
}

function RecordRow({ record, domain }: { record: SendingDomainRecord; domain: string }) {
  // Every SPF, DKIM and DMARC record starts with its version tag; anything else is advice to follow.
  const recordToAdd = record.status !== "found" && /^v=/i.test(record.expected);
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {record.kind}
        </Text>
        <StatusBadge status={record.status} />
      </InlineStack>
      <Text as="p" tone="subdued">
        {PURPOSE[record.kind]}
      </Text>
      {record.found ? (
        <Text as="p" breakWord>
          {`Published at ${record.name}: ${record.found}`}
        </Text>
      ) : null}
      {recordToAdd ? <RecordToAdd record={record} domain={domain} /> : null}
      {record.status !== "found" && !recordToAdd ? <Text as="p">{record.expected}</Text> : null}
    </BlockStack>
  );
}

/**
 * Settings → Sending domain (docs/decisions/172, 175): whether the From address's domain publishes the SPF,
 * DKIM and DMARC records Gmail and Yahoo require of bulk senders, and the exact record to add for each
 * one missing. Checked when shown (the page remounts it after each save of the email settings) and on
 * "Check again".
 */
export function SendingDomainCard({ storeId, fromEmail }: Props) {
  const [result, setResult] = useState<SendingDomainCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the latest check's answer is shown, however the answers arrive.
  const latest = useRef(0);

  const check = useCallback(async () => {
    latest.current += 1;
    const attempt = latest.current;
    setChecking(true);
    try {
      const answer = await apiRequest<SendingDomainCheck>(
        "GET",
        `/api/stores/${storeId}/email-settings/domain`,
      );
      if (attempt !== latest.current) return;
      setResult(answer);
      setFailure(null);
    } catch (error) {
      if (attempt === latest.current)
        setFailure(failureMessage(error, "Your domain's records could not be checked"));
    } finally {
      if (attempt === latest.current) setChecking(false);
    }
  }, [storeId]);

  useEffect(() => {
    if (fromEmail) void check();
  }, [fromEmail, check]);

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Sending domain
          </Text>
          {result ? (
            <Text as="span" tone="subdued">
              {result.domain}
            </Text>
          ) : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          Gmail and Yahoo ask senders to publish SPF, DKIM and DMARC records for the domain of their From
          address. Add each record that is missing or doesn't match at your domain's DNS provider, then check
          again: a change can take a few hours to show.
        </Text>
        {!fromEmail ? (
          <Text as="p">Save a from email in Email configuration first: its domain is the one checked.</Text>
        ) : null}
        {failure ? (
          <Banner tone="warning" onDismiss={() => setFailure(null)}>
            {failure}
          </Banner>
        ) : null}
        {fromEmail && !result && checking ? (
          <Text as="p" tone="subdued">
            Checking your domain's DNS records…
          </Text>
        ) : null}
        {result
          ? result.records.map((record, index) => (
              <Fragment key={record.kind}>
                {index > 0 ? <Divider /> : null}
                <RecordRow record={record} domain={result.domain} />
              </Fragment>
            ))
          : null}
        {fromEmail ? (
          <InlineStack align="end">
            <Button onClick={() => void check()} loading={checking}>
              Check again
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
