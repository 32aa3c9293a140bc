/**
 * Reads CSV as RFC 4180 writes it, chunk by chunk: fields separated by commas, records ended by CRLF or LF,
 * quoted fields that may hold commas, line breaks and doubled quotes, and a UTF-8 byte order mark ignored.
 * Only the record being read is held, so a file of any length is read with flat memory.
 */

/**
 * One record and the line of the file it starts on (1-based; a quoted line break moves the next record on).
 * `unclosed`: the file ended inside a quoted field.
 */
export type CsvRecord = { line: number; fields: string[]; unclosed?: true };

export class CsvRecordTooLong extends Error {
  constructor(readonly line: number) {
    super(`Line ${line}: a record longer than ${MAX_RECORD_CHARS} characters (is a quote left open?)`);
  }
}

/** Far above any real subscriber row: past it a quote was most likely left open, and the file is refused. */
export const MAX_RECORD_CHARS = 64 * 1024;

export async function* csvRecords(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<CsvRecord> {
  // TextDecoder drops a leading byte order mark.
  const decoder = new TextDecoder("utf-8");
  const reader = new CsvReader();
  for await (const chunk of chunks) yield* reader.read(decoder.decode(chunk, { stream: true }));
  yield* reader.read(decoder.decode());
  yield* reader.end();
}

class CsvReader {
  private fields: string[] = [];
  private field = "";
  private quoted = false;
  /** The last character was a quote inside a quoted field: a doubled quote, or the field's end. */
  private quoteSeen = false;
  /** A CR outside quotes, kept until we know whether LF follows. */
  private pendingCr = false;
  private line = 1;
  private recordLine = 1;
  private recordChars = 0;

  *read(text: string): Generator<CsvRecord> {
    for (const char of text) {
      if (++this.recordChars > MAX_RECORD_CHARS) throw new CsvRecordTooLong(this.recordLine);
      if (this.pendingCr) {
        this.pendingCr = false;
        if (char === "\n") {
          this.line++;
          yield this.endRecord();
          continue;
        }
        this.field += "\r";
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
        } else {
          if (char === '"') this.quoteSeen = true;
          else {
            if (char === "\n") this.line++;
            this.field += char;
          }
          continue;
        }
      }
      if (char === ",") this.endField();
      else if (char === "\n") {
        this.line++;
        yield this.endRecord();
      } else if (char === "\r") this.pendingCr = true;
      else if (char === '"' && this.field === "") this.quoted = true;
      else this.field += char;
    }
  }

  *end(): Generator<CsvRecord> {
    const unclosed = this.quoted && !this.quoteSeen;
    if (this.field === "" && this.fields.length === 0 && !this.quoted) return;
    const record = this.endRecord();
    yield unclosed ? { ...record, unclosed } : record;
  }

  private endField() {
    this.fields.push(this.field);
    this.field = "";
  }

  private endRecord(): CsvRecord {
    this.endField();
    const record = { line: this.recordLine, fields: this.fields };
    this.fields = [];
    this.quoted = false;
    this.quoteSeen = false;
    this.pendingCr = false;
    this.recordLine = this.line;
    this.recordChars = 0;
    return record;
  }
}
