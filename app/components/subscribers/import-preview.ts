import { csvRecords } from "~/lib/csv-records";
import { importFileKind } from "~/lib/subscriber-import/file-kind";

/** The file's first line and a few rows after it, read in the browser for the mapping step. */
export type ImportPreview = { header: string[]; samples: string[][] };

/** Enough of a file for its header and a few rows, however wide its columns. */
const PREVIEW_BYTES = 256 * 1024;
const SAMPLE_ROWS = 3;

async function* single(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * Reads the start of the file as the server will read it (BOM, CRLF, quoted line breaks); a ZIP (Mailchimp's
 * audience export) is "zip": the server reads each CSV in it by its own header. Any other binary file is
 * refused with what to do, as the server would.
 */
export async function previewImportFile(file: File): Promise<ImportPreview | "zip"> {
  const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  const kind = importFileKind(bytes.subarray(0, 8 * 1024));
  if (kind.kind === "zip") return "zip";
  if (kind.kind === "notCsv") throw new Error(kind.message);
  const records: string[][] = [];
  for await (const record of csvRecords(single(bytes))) {
    if (record.unclosed) break;
    if (records.length > 0 && record.fields.every((field) => field.trim() === "")) continue;
    records.push(record.fields);
    if (records.length > SAMPLE_ROWS) break;
  }
  const [header, ...samples] = records;
  if (!header || header.every((name) => name.trim() === ""))
    throw new Error("The file is empty: its first line must name the columns");
  return { header: header.map((name) => name.trim()), samples };
}
