import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** What fails a screen: axe's two highest impacts. Moderate and minor findings are not gated. */
const BLOCKING = new Set(["critical", "serious"]);

/**
 * A check axe ships as experimental (off by default), on here: a control named otherwise than its visible
 * label (WCAG 2.5.3) is what a speech-input user trips over.
 */
const EXPERIMENTAL_WCAG_RULES = ["label-content-name-mismatch"];

const SANDBOXED_FRAME = "iframe[sandbox]";

/**
 * Runs axe on the page as it is now and fails on any critical or serious violation, one line per element:
 * rule, impact, what axe asks for, and the element's selector. `frame` narrows the check to one frame's
 * document, for example the app's frame inside the Shopify admin (`#app-iframe`).
 * The email previews are left out: each is the email itself in a frame with sandbox="" (no scripts), which
 * axe cannot run in.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string, frame?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).options({
    rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
  });
  // One page needs no merging of per-frame results in a second, blank page (half the time): legacy mode
  // runs axe in the page itself. A frame from another origin (the admin's) needs the per-frame run.
  builder = frame
    ? builder.include([frame, "html"]).exclude([frame, SANDBOXED_FRAME])
    : builder.exclude(SANDBOXED_FRAME).setLegacyMode(true);
  const { violations } = await builder.analyze();
  const findings = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(" » ")}` +
          (node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, "\n    ")}` : ""),
      ),
    );
  expect(findings, `critical or serious axe violations on ${where}`).toEqual([]);
}
