import { Banner, BlockStack, Checkbox, DropZone, List, Modal, ProgressBar, Text } from "@shopify/polaris";
import { useState } from "react";
import { failureMessage } from "~/lib/api-client";
import { formatBytes } from "~/lib/format";
import { MAX_IMPORT_BYTES, type SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { uploadSubscriberCsv } from "./upload-csv";

type Props = { storeId: string; open: boolean; onClose: () => void; onImported: () => void };

type Upload = { sent: number; total: number };

/**
 * Import CSV: a file picked or dropped, sent with its progress shown, then what the import did — the rows
 * added, updated and skipped, and the lines it refused with their reasons.
 */
export function ImportModal({ storeId, open, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [welcome, setWelcome] = useState(false);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [summary, setSummary] = useState<SubscriberImportSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    if (upload) return;
    setFile(null);
    setWelcome(false);
    setSummary(null);
    setFailure(null);
    onClose();
  }

  function pick(files: File[]) {
    const [picked] = files;
    setSummary(null);
    setFailure(picked && picked.size > MAX_IMPORT_BYTES ? "The file is larger than 50 MB: split it" : null);
    setFile(picked ?? null);
  }

  async function send() {
    if (!file) return;
    setFailure(null);
    setUpload({ sent: 0, total: file.size });
    try {
      const url = `/api/stores/${storeId}/subscribers/import${welcome ? "?welcome=true" : ""}`;
      setSummary(await uploadSubscriberCsv(url, file, (sent, total) => setUpload({ sent, total })));
      setFile(null);
      onImported();
    } catch (error) {
      setFailure(failureMessage(error, "Failed to import subscribers"));
    } finally {
      setUpload(null);
    }
  }

  const tooLarge = file !== null && file.size > MAX_IMPORT_BYTES;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Import subscribers"
      primaryAction={
        summary
          ? { content: "Done", onAction: close }
          : { content: "Import", onAction: send, disabled: !file || tooLarge, loading: upload !== null }
      }
      secondaryActions={summary ? [] : [{ content: "Cancel", onAction: close, disabled: upload !== null }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {summary ? (
            <ImportSummary summary={summary} />
          ) : (
            <>
              <Text as="p">
                A CSV file whose first line names the columns: Email, and any of Name, Phone, Company,
                Address, Street, City, State, Zip code and Country. Addresses already on the list keep their
                data and only gain what they lacked; unsubscribed addresses stay unsubscribed.
              </Text>
              <DropZone
                label="CSV file"
                accept=".csv,text/csv"
                type="file"
                allowMultiple={false}
                onDrop={(_all, accepted) => pick(accepted)}
                disabled={upload !== null}
              >
                {file ? (
                  <div className="np-import-file">
                    <Text as="p" fontWeight="semibold">
                      {file.name}
                    </Text>
                    <Text as="p" tone="subdued">
                      {formatBytes(file.size)}
                    </Text>
                  </div>
                ) : (
                  <DropZone.FileUpload actionTitle="Choose a CSV file" actionHint="or drop it here" />
                )}
              </DropZone>
              <Checkbox
                label="Send the welcome email to new subscribers"
                checked={welcome}
                onChange={setWelcome}
                disabled={upload !== null}
              />
            </>
          )}
          {upload ? (
            <BlockStack gap="100">
              <ProgressBar progress={upload.total ? (upload.sent / upload.total) * 100 : 0} size="small" />
              <Text as="p" tone="subdued">
                {upload.sent < upload.total
                  ? `Sent ${formatBytes(upload.sent)} of ${formatBytes(upload.total)}`
                  : "Importing…"}
              </Text>
            </BlockStack>
          ) : null}
          {failure ? (
            <Banner tone="critical" title="Import failed">
              <p>{failure}</p>
            </Banner>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

function ImportSummary({ summary }: { summary: SubscriberImportSummary }) {
  const more = summary.errorCount - summary.errors.length;
  return (
    <BlockStack gap="300">
      <Banner tone={summary.errorCount > 0 ? "warning" : "success"} title="Import finished">
        <p>
          {summary.added} added, {summary.updated} updated, {summary.skipped} skipped
          {summary.errorCount > 0 ? `, ${summary.errorCount} refused` : ""}.
        </p>
      </Banner>
      {summary.ignoredColumns.length > 0 ? (
        <Text as="p" tone="subdued">
          Columns ignored: {summary.ignoredColumns.join(", ")}
        </Text>
      ) : null}
      {summary.errors.length > 0 ? (
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            Refused rows
          </Text>
          <List>
            {summary.errors.map((error) => (
              <List.Item key={error.line}>
                Line {error.line}: {error.reason}
              </List.Item>
            ))}
          </List>
          {more > 0 ? <Text as="p" tone="subdued">{`…and ${more} more.`}</Text> : null}
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
