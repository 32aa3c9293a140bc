import { describe, expect, it } from "vitest";
import { crlfRecordEnds, inlineParams } from "~/db/copy-out.server";

/** Records as COPY writes them: LF ends, quoted fields that may hold LF, CR and doubled quotes. */
const COPY_OUTPUT = [
  "ID,Email,Name\n",
  '1,a@example.com,"Smith, ""Jr."""\n',
  '2,b@example.com,"Line one\nLine two"\n',
  '3,c@example.com,"Carriage\r\nreturn"\n',
  '4,"""quoted""@example.com",\n',
  "5,d@example.com,東京都\n",
].join("");

const EXPECTED = [
  "ID,Email,Name\r\n",
  '1,a@example.com,"Smith, ""Jr."""\r\n',
  '2,b@example.com,"Line one\nLine two"\r\n',
  '3,c@example.com,"Carriage\r\nreturn"\r\n',
  '4,"""quoted""@example.com",\r\n',
  "5,d@example.com,東京都\r\n",
].join("");

function convert(chunks: Buffer[]): string {
  const toCrlf = crlfRecordEnds();
  return Buffer.concat(chunks.map(toCrlf)).toString("utf8");
}

describe("crlfRecordEnds", () => {
  it("ends records with CRLF and leaves line breaks inside quoted fields alone", () => {
    expect(convert([Buffer.from(COPY_OUTPUT)])).toBe(EXPECTED);
  });

  it("gives the same bytes however the stream is cut into chunks", () => {
    const bytes = Buffer.from(COPY_OUTPUT);
    for (let size = 1; size <= bytes.length; size += 1) {
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += size)
        chunks.push(bytes.subarray(start, start + size));
      expect(convert(chunks), `chunks of ${size} bytes`).toBe(EXPECTED);
    }
  });

  it("passes a chunk with no record end through unchanged", () => {
    const chunk = Buffer.from('"an open field\nwith no end');
    expect(crlfRecordEnds()(chunk)).toBe(chunk);
  });
});

describe("inlineParams", () => {
  it("replaces each placeholder with its value as an escaped literal", () => {
    const params = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    expect(inlineParams({ sql: "select $1, $10, $2", params })).toBe("select 'a', 'j', 'b'");
    expect(inlineParams({ sql: "where n = $1::int and b = $2", params: [30, true] })).toBe(
      "where n = '30'::int and b = 'true'",
    );
  });

  it.each([
    ["a quote", "o'brien", "'o''brien'"],
    ["an injection attempt", "x'); drop table subscribers; --", "'x''); drop table subscribers; --'"],
    ["a backslash before a quote", "\\'", " E'\\\\'''"],
    ["a placeholder in the value", "$1 $2", "'$1 $2'"],
    ["dollar quoting", "$$; drop table subscribers; $$", "'$$; drop table subscribers; $$'"],
    ["a double quote", '"', "'\"'"],
  ])("keeps %s a value", (_label, value, literal) => {
    expect(inlineParams({ sql: "select $1, $2", params: [value, "$1"] })).toBe(`select ${literal}, '$1'`);
  });

  it("refuses a placeholder without a value and a value that is not plain", () => {
    expect(() => inlineParams({ sql: "select $2", params: ["a"] })).toThrow("no value for $2");
    expect(() => inlineParams({ sql: "select $1", params: [null] })).toThrow("only strings");
    expect(() => inlineParams({ sql: "select $1", params: [{ toString: () => "x" }] })).toThrow(
      "only strings",
    );
  });
});
