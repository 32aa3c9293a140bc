import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "~/lib/csv";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["Zürich 東京 🎉", "Zürich 東京 🎉"],
    ["Smith, Jr.", '"Smith, Jr."'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["carriage\rreturn", '"carriage\rreturn"'],
    ["crlf\r\nend", '"crlf\r\nend"'],
    ['a"b,c', '"a""b,c"'],
  ])("encodes %j as %j", (value, encoded) => {
    expect(csvCell(value)).toBe(encoded);
  });

  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@cmd", "'@cmd"],
    ["\tindent", "'\tindent"],
    ["\rstart", '"\'\rstart"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])("neutralises the formula %j as %j", (value, encoded) => {
    expect(csvCell(value)).toBe(encoded);
  });

  it.each([
    ["Jo;=HYPERLINK(1)", "Jo;'=HYPERLINK(1)"],
    ["Jo;=cmd|' /C calc'!A0;", "Jo;'=cmd|' /C calc'!A0;"],
    ["a|+1", "a|'+1"],
    ["a\t-1", "a\t'-1"],
    ["a;@SUM(1)", "a;'@SUM(1)"],
    ["x,=1", '"x,\'=1"'],
    ['x;"=1+2"', '"x;""\'=1+2"""'],
    ["line\n=1", '"line\n\'=1"'],
    ["line\r\n+1", '"line\r\n\'+1"'],
    ["=1;=2", "'=1;'=2"],
    [";;=1;-2", ";;'=1;'-2"],
  ])("neutralises the formula after a separator in %j as %j", (value, encoded) => {
    expect(csvCell(value)).toBe(encoded);
  });

  it("leaves a formula character inside a value alone", () => {
    expect(csvCell("a=b+c-d@e")).toBe("a=b+c-d@e");
    expect(csvCell("Smith; Jr.")).toBe("Smith; Jr.");
    expect(csvCell("Berlin, +49 30")).toBe('"Berlin, +49 30"');
  });

  it("writes empty cells for null and undefined, ISO 8601 for dates, text for numbers and booleans", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date("2025-03-04T05:06:07.089Z"))).toBe("2025-03-04T05:06:07.089Z");
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell(true)).toBe("true");
  });
});

describe("csvRow", () => {
  it("joins cells with commas and ends the record with CRLF", () => {
    expect(csvRow(["a", null, "b,c", "=1"])).toBe('a,,"b,c",\'=1\r\n');
  });
});
