import { Banner, BlockStack, Checkbox, DropZone, Modal, ProgressBar, Text } from "@shopify/polaris";
import { useState } from "react";
import { failureMessage } from "~/lib/api-client";
import { formatBytes } from "~/lib/format";
import { randomUuid } from "~/lib/ids";
import { MAX_IMPORT_BYTES, type SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { guessMeanings, type ImportMeaning } from "~/lib/subscriber-import/meanings";
import { detectVendor, type ImportVendor } from "~/lib/subscriber-import/vendors";
import { useDownload } from "../use-download";
import { ImportMappingStep, mappingOf, mappingProblem, needsConsentConfirmation } from "./import-mapping";
import { type ImportPreview, previewImportFile } from "./import-preview";
import { ImportSummary } from "./import-summary";
import { uploadSubscriberCsv } from "./upload-csv";
import { useImportProgress } from "./use-import-progress";

type Props = { storeId: string; open: boolean; onClose: () => void; onImported: () => void };

type Upload = { sent: number; total: number; statusUrl: string };
/** The file picked: a CSV with its mapping step, or a ZIP (null preview), read by its files' own headers. */
type Chosen = { file: File; preview: ImportPreview | null; vendor: ImportVendor; meanings: ImportMeaning[] };

/**
 * Import CSV: a file picked or dropped; its columns shown with their guessed meanings for the merchant to
 * check (the mapping step); the file sent with its upload progress, then the import's own progress; then
 * what the import did and the rows that did not become active subscribers.
 */
export function ImportModal({ storeId, open, onClose, onImported }: Props) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [consentConfirmed, setConsentConfirmed] = useState(false);
  const [welcome, setWelcome] = useState(false);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [summary, setSummary] = useState<SubscriberImportSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const progress = useImportProgress(upload && upload.sent >= upload.total ? upload.statusUrl : null);
  const download = useDownload();

  function close() {
    if (upload) return;
    setChosen(null);
    setConsentConfirmed(false);
    setWelcome(false);
    setSummary(null);
    setFailure(null);
    onClose();
  }

  async function pick(files: File[]) {
    const [file] = files;
    setSummary(null);
    setChosen(null);
    setConsentConfirmed(false);
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return setFailure("The file is larger than 50 MB: split it");
    try {
      const preview = await previewImportFile(file);
      setChosen(
        preview === "zip"
          ? { file, preview: null, vendor: "mailchimp", meanings: [] }
          : {
              file,
              preview,
              vendor: detectVendor(preview.header, file.name),
              meanings: guessMeanings(preview.header),
            },
      );
      setFailure(null);
    } catch (error) {
      setFailure(failureMessage(error, "The file could not be read as CSV"));
    }
  }

  function remap(index: number, meaning: ImportMeaning) {
    if (!chosen) return;
    setChosen({ ...chosen, meanings: chosen.meanings.map((old, at) => (at === index ? meaning : old)) });
  }

  async function send() {
    if (!chosen) return;
    setFailure(null);
    const importId = randomUuid();
    const query = new URLSearchParams({
      fileName: chosen.file.name,
      ...(chosen.preview
        ? { mapping: JSON.stringify(mappingOf(chosen.preview.header, chosen.meanings)) }
        : {}),
      importId,
      ...(welcome ? { welcome: "true" } : {}),
    });
    const statusUrl = `/api/stores/${storeId}/subscribers/imports/${importId}`;
    setUpload({ sent: 0, total: chosen.file.size, statusUrl });
    try {
      const url = `/api/stores/${storeId}/subscribers/import?${query}`;
      setSummary(
        await uploadSubscriberCsv(
          url,
          chosen.file,
          chosen.preview ? "text/csv" : "application/zip",
          (sent, total) => setUpload({ sent, total, statusUrl }),
        ),
      );
      setChosen(null);
      onImported();
    } catch (error) {
      setFailure(failureMessage(error, "Failed to import subscribers"));
    } finally {
      setUpload(null);
    }
  }

  const blocked =
    !chosen ||
    (chosen.preview !== null &&
      (mappingProblem(chosen.preview.header, chosen.meanings) !== null ||
        (needsConsentConfirmation(chosen.vendor, chosen.preview.header, chosen.meanings) &&
          !consentConfirmed)));
  return (
    <Modal
      open={open}
      onClose={close}
      title="Import subscribers"
      size={chosen ? "large" : undefined}
      primaryAction={
        summary
          ? { content: "Done", onAction: close }
          : { content: "Import", onAction: send, disabled: blocked, loading: upload !== null }
      }
      secondaryActions={summary ? [] : [{ content: "Cancel", onAction: close, disabled: upload !== null }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {summary ? (
            <ImportSummary
              summary={summary}
              onDownloadReport={() =>
                download(`/api/stores/${storeId}/subscribers/imports/${summary.importId}/report.csv`)
              }
            />
          ) : (
            <>
              <Text as="p">
                A CSV file whose first line names the columns — an export from Shopify, Mailchimp (its ZIP
                too), Klaviyo, Omnisend or Privy, or your own. Consent is read from the file: addresses it
                says did not agree are recorded as not subscribed, and those it says left are unsubscribed,
                unless they subscribed here after leaving. Addresses already on the list keep their data and
                only gain what they lacked.
              </Text>
              <DropZone
                label="CSV file"
                accept=".csv,text/csv,.zip,application/zip"
                type="file"
                allowMultiple={false}
                onDrop={(_all, accepted) => void pick(accepted)}
                disabled={upload !== null}
              >
                {chosen ? (
                  <div className="np-import-file">
                    <Text as="p" fontWeight="semibold">
                      {chosen.file.name}
                    </Text>
                    <Text as="p" tone="subdued">
                      {formatBytes(chosen.file.size)}
                    </Text>
                  </div>
                ) : (
                  <DropZone.FileUpload actionTitle="Choose a CSV file" actionHint="or drop it here" />
                )}
              </DropZone>
              {chosen && !chosen.preview ? (
                <Banner tone="info" title="A ZIP of CSV files">
                  <p>
                    Each CSV file in it is read with its own columns and status — Mailchimp's subscribed,
                    unsubscribed and cleaned files as such. Columns are matched by their names.
                  </p>
                </Banner>
              ) : null}
              {chosen?.preview ? (
                <ImportMappingStep
                  preview={chosen.preview}
                  vendor={chosen.vendor}
                  meanings={chosen.meanings}
                  onChange={remap}
                  consentConfirmed={consentConfirmed}
                  onConfirmConsent={setConsentConfirmed}
                  disabled={upload !== null}
                />
              ) : null}
              <Checkbox
                label="Send the welcome email to new subscribers"
                checked={welcome}
                onChange={setWelcome}
                disabled={upload !== null}
              />
            </>
          )}
          {upload ? <ImportProgressBar upload={upload} progress={progress} /> : null}
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

/** The upload's progress, then the import's own: rows read and how much of the file they are. */
function ImportProgressBar({
  upload,
  progress,
}: {
  upload: Upload;
  progress: ReturnType<typeof useImportProgress>;
}) {
  const sending = upload.sent < upload.total;
  const writing = !sending && progress?.state === "writing" && progress.totalBytes ? progress : null;
  const share = sending
    ? upload.total
      ? upload.sent / upload.total
      : 0
    : writing?.totalBytes
      ? writing.bytesRead / writing.totalBytes
      : 0;
  return (
    <BlockStack gap="100">
      <ProgressBar progress={share * 100} size="small" />
      <Text as="p" tone="subdued">
        {sending
          ? `Sent ${formatBytes(upload.sent)} of ${formatBytes(upload.total)}`
          : writing
            ? `Importing… ${writing.rowsRead.toLocaleString("en-US")} rows read`
            : "Importing…"}
      </Text>
    </BlockStack>
  );
}
