import { describe, expect, it } from "vitest";
import { businessEmailValidation, defaultPopupFields, type EmailValidation } from "../../popup/config";
import {
  domainMatches,
  MAX_EMAIL_LENGTH,
  normalizeEmail,
  POPUP_MESSAGES,
  parseDomainList,
  TEMPORARY_EMAIL_DOMAINS,
  validateEmail,
  validateSubscriber,
} from "../../popup/validation";
import { hostileAddresses } from "../support/matrices/hostile-addresses";

const open: EmailValidation = { companyEmailsOnly: false, allowedDomains: [], blockedDomains: [] };
const company = businessEmailValidation;

describe("POPUP_MESSAGES (SPEC §5 popup subscriber form)", () => {
  it("uses the exact SPEC wording", () => {
    expect(POPUP_MESSAGES).toEqual({
      emailRequired: "Email address is required",
      emailInvalid: "Please enter a valid email address",
      temporaryEmail: "Temporary email addresses are not allowed. Please use your permanent email.",
      companyEmail: "Please use your company email address.",
      approvedDomain: "Please use an approved company email domain.",
      nameRequired: "Name is required",
    });
  });
});

describe("validateEmail", () => {
  it("requires an email", () => {
    expect(validateEmail("", open)).toBe(POPUP_MESSAGES.emailRequired);
    expect(validateEmail("   ", open)).toBe(POPUP_MESSAGES.emailRequired);
  });

  it.each(["plain", "no-at.example.com", "a@b", "a@", "@b.com", "a b@c.com", "a@b c.com", "a@@b.com"])(
    "refuses the malformed address %j",
    (email) => {
      expect(validateEmail(email, open)).toBe(POPUP_MESSAGES.emailInvalid);
    },
  );

  it("accepts a basic address and trims it", () => {
    expect(validateEmail("jane@acme.com", open)).toBeNull();
    expect(validateEmail("  jane@acme.com  ", company)).toBeNull();
  });

  it(`refuses addresses longer than ${MAX_EMAIL_LENGTH} characters`, () => {
    const at = (length: number) => {
      const filler = "a".repeat(length - "jo@.acme.com".length);
      // A host label is at most 63 characters: every 60th character becomes a dot, keeping the length.
      return `jo@${filler.replace(/a{60}/g, (run) => `${run.slice(1)}.`)}.acme.com`;
    };
    expect(validateEmail(at(MAX_EMAIL_LENGTH), open)).toBeNull();
    expect(validateEmail(at(MAX_EMAIL_LENGTH + 1), open)).toBe(POPUP_MESSAGES.emailInvalid);
  });

  it.each(hostileAddresses().filter(([kind]) => kind !== "upper-case blocked domains"))(
    "refuses %s as not one plain address, whatever the domain rules: %j",
    (_kind, email) => {
      expect(validateEmail(email, open)).toBe(POPUP_MESSAGES.emailInvalid);
    },
  );

  it("refuses a local part longer than 64 characters", () => {
    expect(validateEmail(`${"a".repeat(64)}@acme.com`, open)).toBeNull();
    expect(validateEmail(`${"a".repeat(65)}@acme.com`, open)).toBe(POPUP_MESSAGES.emailInvalid);
  });

  it("reads the domain rules from the lower-cased domain", () => {
    expect(validateEmail("Jo.Smith@GMAIL.COM", company)).toBe(POPUP_MESSAGES.companyEmail);
    expect(validateEmail("jo@Gmail.Com", { ...company, blockedDomains: ["gmail.com"] })).toBe(
      POPUP_MESSAGES.companyEmail,
    );
    expect(validateEmail("jo@Sales.ACME.com", { ...company, allowedDomains: ["acme.com"] })).toBeNull();
  });

  it("has a fixed list of 12 temporary-mail domains", () => {
    expect(TEMPORARY_EMAIL_DOMAINS).toHaveLength(12);
    expect(new Set(TEMPORARY_EMAIL_DOMAINS).size).toBe(12);
  });

  it.each(TEMPORARY_EMAIL_DOMAINS)(
    "refuses the temporary domain %s, even when any email is allowed",
    (domain) => {
      expect(validateEmail(`someone@${domain}`, open)).toBe(POPUP_MESSAGES.temporaryEmail);
      expect(validateEmail(`someone@${domain.toUpperCase()}`, company)).toBe(POPUP_MESSAGES.temporaryEmail);
    },
  );

  it("refuses subdomains of temporary domains", () => {
    expect(validateEmail("x@eu.mailinator.com", open)).toBe(POPUP_MESSAGES.temporaryEmail);
  });

  it("refuses blocked free-mail domains when companyEmailsOnly is set", () => {
    for (const email of ["a@gmail.com", "a@yahoo.co.uk", "a@HOTMAIL.COM", "a@outlook.de"]) {
      expect(validateEmail(email, company)).toBe(POPUP_MESSAGES.companyEmail);
    }
    expect(validateEmail("a@acme.com", company)).toBeNull();
  });

  it("ignores the blocked list when companyEmailsOnly is off", () => {
    expect(validateEmail("a@gmail.com", { ...company, companyEmailsOnly: false })).toBeNull();
  });

  it("requires an approved domain when the allowed list is not empty", () => {
    const rules = { ...company, allowedDomains: ["acme.com", "widgets.io"] };
    expect(validateEmail("a@acme.com", rules)).toBeNull();
    expect(validateEmail("a@sales.acme.com", rules)).toBeNull();
    expect(validateEmail("a@widgets.io", rules)).toBeNull();
    expect(validateEmail("a@other.com", rules)).toBe(POPUP_MESSAGES.approvedDomain);
    expect(validateEmail("a@notacme.com", rules)).toBe(POPUP_MESSAGES.approvedDomain);
  });

  it("checks the blocked list before the allowed list, and the temporary list before both", () => {
    const rules = { ...company, allowedDomains: ["acme.com"] };
    expect(validateEmail("a@gmail.com", rules)).toBe(POPUP_MESSAGES.companyEmail);
    expect(validateEmail("a@mailinator.com", { ...rules, allowedDomains: ["mailinator.com"] })).toBe(
      POPUP_MESSAGES.temporaryEmail,
    );
  });

  it("treats an allowed list of blank entries as empty", () => {
    expect(validateEmail("a@anything.com", { ...company, allowedDomains: ["", "  "] })).toBeNull();
  });

  it("applies the allowed list only when companyEmailsOnly is set", () => {
    expect(validateEmail("a@other.com", { ...open, allowedDomains: ["acme.com"] })).toBeNull();
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases the domain, keeping the local part as typed", () => {
    expect(normalizeEmail("  Jo.Smith@Sales.ACME.Com ")).toBe("Jo.Smith@sales.acme.com");
  });
});

describe("validateSubscriber", () => {
  it("returns no errors for a valid subscriber", () => {
    expect(validateSubscriber({ email: "a@acme.com" }, defaultPopupFields, company)).toEqual({});
  });

  it("reports the email problem under the email key", () => {
    expect(validateSubscriber({ email: "" }, defaultPopupFields, company)).toEqual({
      email: POPUP_MESSAGES.emailRequired,
    });
  });

  it("requires the name only when the name field is enabled", () => {
    const withName = { ...defaultPopupFields, name: true };
    expect(validateSubscriber({ email: "a@acme.com" }, withName, company)).toEqual({
      name: POPUP_MESSAGES.nameRequired,
    });
    expect(validateSubscriber({ email: "a@acme.com", name: "   " }, withName, company)).toEqual({
      name: POPUP_MESSAGES.nameRequired,
    });
    expect(validateSubscriber({ email: "a@acme.com", name: "Jane" }, withName, company)).toEqual({});
    expect(validateSubscriber({ email: "a@acme.com", name: "" }, defaultPopupFields, company)).toEqual({});
  });

  it("reports every field at once", () => {
    const withName = { ...defaultPopupFields, name: true, phone: true };
    expect(validateSubscriber({ email: "a@gmail.com" }, withName, company)).toEqual({
      email: POPUP_MESSAGES.companyEmail,
      name: POPUP_MESSAGES.nameRequired,
    });
  });

  it("does not require other optional fields", () => {
    const all = { ...defaultPopupFields, phone: true, company: true, city: true, country: true };
    expect(validateSubscriber({ email: "a@acme.com" }, all, company)).toEqual({});
  });
});

describe("domainMatches", () => {
  it("matches the entry itself and its subdomains", () => {
    expect(domainMatches("acme.com", "acme.com")).toBe(true);
    expect(domainMatches("mail.acme.com", "acme.com")).toBe(true);
    expect(domainMatches("notacme.com", "acme.com")).toBe(false);
    expect(domainMatches("acme.com.evil.io", "acme.com")).toBe(false);
  });

  it.each([
    ["gmail.com", true],
    ["gmail.co.uk", true],
    ["mail.gmail.com", true],
    ["eu.mx.gmail.com", true],
    ["mygmail.com", false],
    ["gmailx.com", false],
    ["gmail-mail.com", false],
    ["mail.notgmail.com", false],
  ])("matches a bare name as a whole label anywhere: gmail against %s is %s", (domain, expected) => {
    expect(domainMatches(domain, "gmail")).toBe(expected);
  });

  it("blocks a subdomain of a blocked bare name from the popup", () => {
    const rules = { companyEmailsOnly: true, allowedDomains: [], blockedDomains: ["gmail"] };
    expect(validateEmail("jo@mail.gmail.com", rules)).toBe(POPUP_MESSAGES.companyEmail);
    expect(validateEmail("jo@Mail.Gmail.Co.Uk", rules)).toBe(POPUP_MESSAGES.companyEmail);
    expect(validateEmail("jo@mygmail.com", rules)).toBeNull();
  });

  it("does not match a dotted entry by first label", () => {
    expect(domainMatches("acme.org", "acme.com")).toBe(false);
  });

  it("trims, lower-cases and strips a leading @ from the entry", () => {
    expect(domainMatches("acme.com", "  ACME.com ")).toBe(true);
    expect(domainMatches("acme.com", "@acme.com")).toBe(true);
  });

  it("never matches an empty entry", () => {
    expect(domainMatches("acme.com", "")).toBe(false);
    expect(domainMatches("acme.com", "   ")).toBe(false);
    expect(domainMatches("acme.com", "@")).toBe(false);
  });
});

describe("parseDomainList (SPEC §5 builder input)", () => {
  it("splits on commas, trims, lower-cases and drops empties", () => {
    expect(parseDomainList(" acme.com, Widgets.IO ,, ,gmail ")).toEqual(["acme.com", "widgets.io", "gmail"]);
  });

  it("returns an empty list for empty input", () => {
    expect(parseDomainList("")).toEqual([]);
    expect(parseDomainList(" , ,")).toEqual([]);
  });

  it("keeps a single entry", () => {
    expect(parseDomainList("acme.com")).toEqual(["acme.com"]);
  });
});
