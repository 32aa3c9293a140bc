import { describe, expect, it } from "vitest";
import { importFileKind } from "~/lib/subscriber-import/file-kind";
import {
  consentChoiceProblem,
  consentChoices,
  guessMeanings,
  headerKey,
  lockedMeanings,
} from "~/lib/subscriber-import/meanings";
import { detectVendor, readConsentValue, readTimestamp } from "~/lib/subscriber-import/vendors";

describe("the mapping step's guesses", () => {
  it("reads vendor headers whatever their case, punctuation or Shopify's Default Address prefix", () => {
    expect(headerKey("E-Mail_Address")).toBe("e mail address");
    expect(headerKey("firstName")).toBe("first name");
    expect(headerKey("Default Address Zip")).toBe("zip");
    expect(headerKey("State / Region")).toBe("state region");
    expect(
      guessMeanings([
        "Email Address",
        "First Name",
        "OPTIN_TIME",
        "OPTIN_IP",
        "UNSUB_TIME",
        "CLEAN_TIME",
        "LEID",
      ]),
    ).toEqual(["email", "firstName", "optedInAt", "optedInIp", "optedOutAt", "cleanedAt", "skip"]);
  });

  it("gives a meaning to the first column only, and locks the consent column", () => {
    const header = ["Default Address Phone", "Phone", "Accepts Email Marketing", "UNSUB_TIME"];
    expect(guessMeanings(header)).toEqual(["phone", "skip", "consent", "optedOutAt"]);
    expect(lockedMeanings(header)).toEqual([undefined, undefined, "consent", "optedOutAt"]);
    expect(consentChoiceProblem(header, guessMeanings(header))).toBeNull();
  });

  it("guesses none of several consent columns, and asks to choose one of them", () => {
    const header = ["Email", "Accepts Email Marketing", "status", "Notes"];
    expect(consentChoices(header)).toEqual([1, 2]);
    expect(guessMeanings(header)).toEqual(["email", "skip", "skip", "skip"]);
    expect(lockedMeanings(header)).toEqual([undefined, undefined, undefined, undefined]);
    const ask =
      "This file has two consent columns, “Accepts Email Marketing” and “status”: choose which one says whether a person agreed to emails in the mapping step.";
    expect(consentChoiceProblem(header, guessMeanings(header))).toBe(ask);
    expect(consentChoiceProblem(header, ["email", "consent", "consent", "skip"])).toBe(ask);
    expect(consentChoiceProblem(header, ["email", "consent", "tags", "skip"])).toBe(ask);
    expect(consentChoiceProblem(header, ["email", "skip", "skip", "consent"])).toBe(ask);
    expect(consentChoiceProblem(header, ["email", "skip", "consent", "skip"])).toBeNull();
    expect(consentChoiceProblem(header, ["email", "consent", "skip", "tags"])).toBeNull();
    expect(consentChoiceProblem(["Email", "Subscribed", "Consent", "Status"], [])).toContain(
      "three consent columns, “Subscribed”, “Consent” and “Status”",
    );
  });

  it("recognises each vendor's export by the columns only it writes", () => {
    expect(detectVendor(["First Name", "Email", "Accepts Email Marketing"])).toBe("shopify");
    expect(detectVendor(["Email Address", "OPTIN_TIME"])).toBe("mailchimpSubscribed");
    expect(
      detectVendor(["Email Address", "OPTIN_TIME", "UNSUB_TIME"], "unsubscribed_members_export_1.csv"),
    ).toBe("mailchimpUnsubscribed");
    expect(
      detectVendor(["Email Address", "MEMBER_RATING", "CLEAN_TIME"], "cleaned_members_export_1.csv"),
    ).toBe("mailchimpCleaned");
    // A Mailchimp file of no known section (the three joined) is read row by row, not as a whole.
    expect(detectVendor(["Email Address", "OPTIN_TIME", "UNSUB_TIME", "CLEAN_TIME"], "audience.csv")).toBe(
      "mailchimp",
    );
    expect(detectVendor(["Email", "Email Marketing Consent"])).toBe("klaviyo");
    expect(detectVendor(["email", "firstName", "status"])).toBe("omnisend");
    expect(detectVendor(["Email", "email_permission"])).toBe("privy");
    expect(detectVendor(["email", "status"])).toBe("generic");
  });

  it("takes only a value meaning yes as consent, and tells an opt-out from no consent", () => {
    for (const yes of ["yes", "TRUE", "1", "SUBSCRIBED", "subscribed", "email"])
      expect(readConsentValue(yes), yes).toBe("subscribed");
    for (const left of ["UNSUBSCRIBED", "unsubscribed", "opted out", "REDACTED"])
      expect(readConsentValue(left), left).toBe("optedOut");
    expect(readConsentValue("cleaned")).toBe("cleaned");
    for (const no of ["no", "NEVER_SUBSCRIBED", "nonSubscribed", "PENDING"])
      expect(readConsentValue(no), no).toBe("notSubscribed");
    expect(readConsentValue("maybe")).toBeUndefined();
  });

  it("tells a CSV from a ZIP, a workbook, a PDF and other binary files by their first bytes", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(importFileKind(bytes("\uFEFFEmail,Name\r\n"))).toEqual({ kind: "csv" });
    expect(importFileKind(bytes("PK\u0003\u0004rest"))).toEqual({ kind: "zip" });
    expect(importFileKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0]))).toMatchObject({
      message: expect.stringContaining("Excel workbook"),
    });
    expect(importFileKind(bytes("%PDF-1.7"))).toMatchObject({ message: expect.stringContaining("PDF") });
    expect(importFileKind(new Uint8Array([0xff, 0xfe, 0x45, 0]))).toMatchObject({ kind: "notCsv" });
  });

  it("reads the exports' times as UTC unless they name a zone, and nothing ambiguous or future", () => {
    const now = new Date("2025-01-01T00:00:00Z");
    expect(readTimestamp("2023-04-05 14:22:11", now)?.toISOString()).toBe("2023-04-05T14:22:11.000Z");
    expect(readTimestamp("2024-05-06T07:08:09+02:00", now)?.toISOString()).toBe("2024-05-06T05:08:09.000Z");
    expect(readTimestamp("2024-05-06 07:08:09 +0200", now)?.toISOString()).toBe("2024-05-06T05:08:09.000Z");
    expect(readTimestamp("1700000000", now)?.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(readTimestamp("05/04/2023", now)).toBeUndefined();
    expect(readTimestamp("2030-01-01", now)).toBeUndefined();
  });
});
