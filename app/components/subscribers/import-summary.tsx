import { Banner, BlockStack, Button, List, Text } from "@shopify/polaris";
import type { ImportReportRow, SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { IMPORT_VENDORS } from "~/lib/subscriber-import/vendors";

type Props = { summary: SubscriberImportSummary; onDownloadReport: () => void };

/** Where the import read consent, in one sentence. */
function consentSentence(summary: SubscriberImportSummary): string {
  if (summary.files.length > 1)
    return `Consent was read from each file of the ZIP: ${summary.files.map((file) => `${file.name} (${IMPORT_VENDORS[file.vendor]})`).join(", ")}.`;
  const { columns, fileSays } = summary.consent;
  if (fileSays === "not_subscribed") return `Consent: the file is the ${IMPORT_VENDORS[summary.vendor]}.`;
  if (columns.length > 0) return `Consent was read from “${columns.join("”, “")}”.`;
  if (fileSays === "subscribed") return `Consent: the file is the ${IMPORT_VENDORS[summary.vendor]}.`;
  return "The file carried no consent column: its addresses were imported as subscribed on your word.";
}

/** What the file's evidence did to addresses already on the list (docs/decisions/209). */
function statusChanges(summary: SubscriberImportSummary): string {
  const parts = [];
  if (summary.unsubscribedByFile > 0)
    parts.push(`${summary.unsubscribedByFile} already on the list unsubscribed by the file's opt-outs`);
  if (summary.subscribedByFile > 0)
    parts.push(
      `${summary.subscribedByFile} recorded as not subscribed by an earlier import subscribed by its opt-ins`,
    );
  return `${parts.join("; ")}.`;
}

function RowList({ title, rows, total }: { title: string; rows: ImportReportRow[]; total: number }) {
  if (total === 0) return null;
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {`${title} (${total.toLocaleString("en-US")})`}
      </Text>
      <List>
        {rows.map((row) => (
          <List.Item key={row.line}>
            Line {row.line}: {row.email ? `${row.email} — ` : ""}
            {row.detail}
          </List.Item>
        ))}
      </List>
      {total > rows.length ? (
        <Text
          as="p"
          tone="subdued"
        >{`…and ${(total - rows.length).toLocaleString("en-US")} more in the report.`}</Text>
      ) : null}
    </BlockStack>
  );
}

/**
 * What the import did: the counts, where consent came from, and the rows that did not become active
 * subscribers — recorded as not subscribed, repeated in the file, already on the list, refused — each with
 * its line and why; all of them are in the downloadable report.
 */
export function ImportSummary({ summary, onDownloadReport }: Props) {
  return (
    <BlockStack gap="400">
      <Banner tone={summary.errorCount > 0 ? "warning" : "success"} title="Import finished">
        <p>
          {summary.added} subscribed, {summary.notSubscribed} recorded as not subscribed, {summary.updated}{" "}
          updated, {summary.skipped} skipped{summary.errorCount > 0 ? `, ${summary.errorCount} refused` : ""}.
        </p>
        {summary.unsubscribedByFile > 0 || summary.subscribedByFile > 0 ? (
          <p>{statusChanges(summary)}</p>
        ) : null}
        <p>{consentSentence(summary)}</p>
      </Banner>
      {summary.ignoredColumns.length > 0 ? (
        <Text as="p" tone="subdued">
          Columns not imported: {summary.ignoredColumns.join(", ")}
        </Text>
      ) : null}
      {summary.reportRows > 0 ? (
        <div>
          <Button onClick={onDownloadReport}>
            {`Download the report (${summary.reportRows.toLocaleString("en-US")} rows)`}
          </Button>
        </div>
      ) : null}
      <RowList
        title="Recorded as not subscribed"
        rows={summary.notSubscribedRows}
        total={summary.notSubscribed}
      />
      <RowList title="Repeated in the file" rows={summary.duplicateRows} total={summary.repeated} />
      <RowList title="Already on the list" rows={summary.existingRows} total={summary.alreadyOnList} />
      <RowList
        title="Refused rows"
        rows={summary.errors.map((error) => ({ line: error.line, email: "", detail: error.reason }))}
        total={summary.errorCount}
      />
    </BlockStack>
  );
}
