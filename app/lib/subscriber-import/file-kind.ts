/**
 * What an uploaded file is, from its first bytes: a ZIP (Mailchimp exports an audience as one), text to read
 * as CSV, or something else, with what to tell the merchant. Shared by the import screen (before the upload)
 * and the server.
 */
export type ImportFileKind = { kind: "zip" } | { kind: "csv" } | { kind: "notCsv"; message: string };

const SAVE_AS_CSV = "export or save it as CSV (UTF-8) and import that file";
export const EXCEL_NOT_CSV = `This file is an Excel workbook, not a CSV: in Excel, ${SAVE_AS_CSV}`;

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, at) => bytes[at] === byte);

/** The kind of a file whose first bytes (a few KB) are `bytes`. */
export function importFileKind(bytes: Uint8Array): ImportFileKind {
  // "PK\3\4" starts a ZIP's first file, "PK\5\6" an empty ZIP's directory.
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06))
    return { kind: "zip" };
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return { kind: "notCsv", message: EXCEL_NOT_CSV };
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46))
    return { kind: "notCsv", message: `This file is a PDF, not a CSV: ${SAVE_AS_CSV}` };
  if (looksBinary(bytes)) return { kind: "notCsv", message: `This file is not a CSV: ${SAVE_AS_CSV}` };
  return { kind: "csv" };
}

/**
 * NUL bytes in the header line, or many of them: binary data, or UTF-16 (a NUL every other byte). A stray NUL
 * in a row of a text file is that row's problem (it is refused with its line), not the file's.
 */
function looksBinary(bytes: Uint8Array): boolean {
  const lineEnd = bytes.indexOf(0x0a);
  const header = lineEnd < 0 ? bytes : bytes.subarray(0, lineEnd);
  if (header.includes(0)) return true;
  let nuls = 0;
  for (const byte of bytes) if (byte === 0) nuls++;
  return nuls * 100 > bytes.length;
}
