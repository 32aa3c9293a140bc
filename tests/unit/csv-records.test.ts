import { describe, expect, it } from "vitest";
import { CsvRecordTooLong, csvRecords, MAX_RECORD_CHARS } from "~/lib/csv-records";

/** The text cut into chunks of `size` bytes, as a request body arrives. */
async function* chunked(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function parse(text: string, size = 3) {
  const records = [];
  for await (const record of csvRecords(chunked(text, size))) records.push(record);
  return records;
}

describe("csvRecords", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, and counts the lines they span", async () => {
    const text =
      'email,name\r\na@example.com,"Smith, ""Jr."""\r\nb@example.com,"Line one\nLine two"\nc@example.com,';
    for (const size of [1, 2, 5, 1000]) {
      expect(await parse(text, size)).toEqual([
        { line: 1, fields: ["email", "name"] },
        { line: 2, fields: ["a@example.com", 'Smith, "Jr."'] },
        { line: 3, fields: ["b@example.com", "Line one\nLine two"] },
        { line: 5, fields: ["c@example.com", ""] },
      ]);
    }
  });

  it("drops a byte order mark, keeps multi-byte characters split across chunks and a CR inside a field", async () => {
    expect(await parse('\uFEFFemail\n東京@example.com\n"a\rb"\r\n', 1)).toEqual([
      { line: 1, fields: ["email"] },
      { line: 2, fields: ["東京@example.com"] },
      { line: 3, fields: ["a\rb"] },
    ]);
  });

  it("yields a last record without a line break, and says when the file ends inside a quote", async () => {
    expect(await parse('email\n"open@example.com\nmore')).toEqual([
      { line: 1, fields: ["email"] },
      { line: 2, fields: ["open@example.com\nmore"], unclosed: true },
    ]);
    expect(await parse("email\r\n\r\n")).toEqual([
      { line: 1, fields: ["email"] },
      { line: 2, fields: [""] },
    ]);
  });

  it("refuses a record longer than the limit, naming the line it starts on", async () => {
    const text = `email\n"${"x".repeat(MAX_RECORD_CHARS)}`;
    await expect(parse(text, 4096)).rejects.toEqual(new CsvRecordTooLong(2));
  });
});
