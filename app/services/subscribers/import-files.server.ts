import { MAX_IMPORT_BYTES } from "~/lib/schemas/subscriber-import";
import { EXCEL_NOT_CSV, importFileKind } from "~/lib/subscriber-import/file-kind";
import { invalid, tooLarge } from "~/server/domain-errors.server";
import type { SpooledBody } from "~/server/spool.server";
import { TooLargeZip, UnreadableZip, zipEntries } from "~/server/zip-entries.server";

/** One CSV file of an upload: the upload itself, or a CSV inside its ZIP. */
export type ImportFile = { name: string; size: number; chunks: () => AsyncIterable<Uint8Array> };

/** Entries a ZIP's directory may list (Mailchimp's has 3), and CSV files read from it. */
const MAX_ZIP_ENTRIES = 50;
const MAX_CSV_FILES = 10;
/** Enough of a file to tell text from binary. */
const SNIFF_BYTES = 8 * 1024;

/**
 * The CSV files of an upload. A ZIP (Mailchimp's audience export) gives the CSV files at its top level, the
 * ones of people who left first (so that an address in two of them is taken as having left), each read with
 * its own header; anything else that is not text is refused with what to do.
 */
export async function importFiles(
  upload: SpooledBody & { size: number },
  fileName: string,
  sentAsZip: boolean,
  tooLargeMessage: string,
): Promise<ImportFile[]> {
  const kind = importFileKind(await firstBytes(upload.chunks()));
  if (kind.kind === "notCsv") throw invalid(kind.message);
  if (kind.kind === "csv") {
    if (sentAsZip) throw invalid("This file is not a ZIP file: send a CSV file with Content-Type: text/csv");
    return [{ name: fileName, size: upload.size, chunks: upload.chunks }];
  }
  const names: string[] = [];
  const entries = await zipEntries(upload.path, {
    maxEntries: MAX_ZIP_ENTRIES,
    maxTotalBytes: MAX_IMPORT_BYTES,
    wanted: (name) => {
      names.push(name);
      return isCsvAtTop(name);
    },
  }).catch((error: unknown) => {
    if (error instanceof TooLargeZip) throw tooLarge(tooLargeMessage);
    throw zipRefusal(error);
  });
  if (entries.length === 0) {
    if (names.some((name) => name === "[Content_Types].xml" || name.startsWith("xl/")))
      throw invalid(EXCEL_NOT_CSV);
    throw invalid(
      "The ZIP file holds no CSV file at its top level: import a CSV file, or a ZIP of CSV files",
    );
  }
  if (entries.length > MAX_CSV_FILES)
    throw invalid(`The ZIP file holds ${entries.length} CSV files: import at most ${MAX_CSV_FILES} at once`);
  const files = entries
    .map((entry) => ({ name: entry.name, size: entry.size, chunks: () => readable(entry.chunks()) }))
    .sort((a, b) => leftFirst(a.name) - leftFirst(b.name));
  for (const file of files) {
    const inside = importFileKind(await firstBytes(file.chunks()));
    if (inside.kind !== "csv")
      throw invalid(`"${file.name}" in the ZIP file is not a CSV: export or save it as CSV (UTF-8)`);
  }
  return files;
}

/** A CSV at the ZIP's top level: nested folders (macOS's __MACOSX copies among them) and hidden files are not read. */
function isCsvAtTop(name: string): boolean {
  return !/[\\/]/.test(name) && !name.startsWith(".") && name.toLowerCase().endsWith(".csv");
}

/** Mailchimp's cleaned and unsubscribed files before the others. */
function leftFirst(name: string): number {
  return /^(cleaned|unsubscribed)_/i.test(name) ? 0 : 1;
}

async function firstBytes(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    length += chunk.byteLength;
    if (length >= SNIFF_BYTES) break;
  }
  return Buffer.concat(parts).subarray(0, SNIFF_BYTES);
}

/** An entry's bytes; a damaged one refuses the file with what is wrong. */
async function* readable(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* chunks;
  } catch (error) {
    throw zipRefusal(error);
  }
}

function zipRefusal(error: unknown): unknown {
  return error instanceof UnreadableZip ? invalid(error.message) : error;
}
