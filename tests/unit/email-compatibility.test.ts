import { doIUseEmail } from "doiuse-email";
import { describe, expect, it } from "vitest";
import { emailKinds } from "../support/builders/email-kinds";
import { printSummary } from "../support/matrices/summary";

/**
 * Every kind of email the product sends, checked against caniemail.com's data (the `doiuse-email` package)
 * for the clients most subscribers read with: Gmail, Outlook, Apple Mail and Yahoo, each on every platform
 * caniemail lists. A feature one of them does not support fails the suite, unless it is in ALLOWED below,
 * with the reason it does no harm there. Partial support ("only partially supported") is counted in the
 * report, not failed: caniemail marks nearly every property partial somewhere.
 */
const CLIENTS = ["gmail.*", "outlook.*", "apple-mail.*", "yahoo.*"];

/** Unsupported features used on purpose: each is an enhancement the email reads well without. */
const ALLOWED: Record<string, string> = {
  "@media":
    "the phone padding and the dark styles; without them the email is the fluid light one, and Outlook on Windows gets its fixed width from the ghost table",
  "<body> element": "clients that replace <body> drop its background; the wrapper table repeats it",
  "role attribute": "role=presentation only tells screen readers the tables are layout",
  "target attribute": "clients that ignore target open links in a new window anyway",
  "border-radius":
    "square corners where unsupported; Outlook on Windows draws the button as a VML rounded rectangle",
  "display:none":
    "the hidden preheader is hidden five ways (display, max-height, max-width, overflow, opacity) plus mso-hide for Outlook; each client honours one",
  overflow: "the hidden preheader, see display:none",
  "Attribute selector":
    "[data-ogsc]/[data-ogsb] match only in Outlook.com, which adds those attributes when it darkens an email",
  "Class selector":
    "the <style> block's phone and dark rules; the light email is inline and needs no selector",
  "Descendant combinator": "the Outlook.com dark hooks, see Attribute selector",
  opacity: "the hidden preheader, see display:none",
};

/** `features` by name, from doiuse's messages ("`border-radius` is not supported by `outlook.windows`"). */
function byFeature(messages: string[]): Map<string, Set<string>> {
  const features = new Map<string, Set<string>>();
  for (const message of messages) {
    const [, feature = message, client = ""] = message.match(/^`([^`]+)`.*`([^`]+)`\.?$/) ?? [];
    features.set(feature, (features.get(feature) ?? new Set()).add(client));
  }
  return features;
}

const report: string[] = [];
const summary = printSummary(
  ({ tried, passed, figures }, n) =>
    `email client compatibility (caniemail via doiuse-email; ${CLIENTS.join(", ")}): ${n(passed)} of ${n(tried)} kinds use no unsupported feature outside the allow-list; ${n(figures.get("partial") ?? 0)} partial-support notes\n${report.join("\n")}`,
);

describe("every email the product sends, in Gmail, Outlook, Apple Mail and Yahoo", () => {
  it.each(emailKinds)(
    "$name uses only what these clients support, or an allowed enhancement",
    ({ name, mail }) => {
      summary.tried();
      const result = doIUseEmail(String(mail.html), { emailClients: CLIENTS });
      const unsupported = byFeature(result.success ? [] : result.errors);
      const partial = byFeature(result.warnings);
      summary.add("partial", partial.size);
      const allowed = [...unsupported.keys()].filter((feature) => feature in ALLOWED);
      const refused = [...unsupported].filter(([feature]) => !(feature in ALLOWED));
      report.push(
        `  ${name}: unsupported and allowed: ${allowed.join(", ") || "none"}; partial: ${[...partial.keys()].join(", ") || "none"}`,
      );
      expect(
        refused.map(([feature, clients]) => `${feature} (${[...clients].join(", ")})`),
        name,
      ).toEqual([]);
      summary.passed();
    },
  );
});
