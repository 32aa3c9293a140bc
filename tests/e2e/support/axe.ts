import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axe from "axe-core";
import { expect } from "./fixtures";

/** What fails a screen: axe's two highest impacts. Moderate and minor findings are not gated. */
const BLOCKING = new Set(["critical", "serious"]);

/**
 * A check axe ships as experimental (off by default), on here: a control named otherwise than its visible
 * label (WCAG 2.5.3) is what a speech-input user trips over.
 */
const EXPERIMENTAL_WCAG_RULES = ["label-content-name-mismatch"];
const RULES = Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }]));

const SANDBOXED_FRAME = "iframe[sandbox]";

/** The app's document inside a frame of the page (`#app-iframe` in the admin), checked as a page of its own. */
async function frameViolations(page: Page, frame: string): Promise<axe.Result[]> {
  const document = await (await page.locator(frame).elementHandle())?.contentFrame();
  if (!document) throw new Error(`${frame} holds no document to check`);
  await document.evaluate(axe.source);
  return document.evaluate(
    ([exclude, rules]) =>
      (window as unknown as { axe: typeof axe }).axe
        .run({ exclude: [[exclude]] }, { rules, iframes: false })
        .then((results) => results.violations),
    [SANDBOXED_FRAME, RULES] as const,
  );
}

/**
 * Waits for the transitions and animations that end (a toast fading in, a popover opening): axe reads colours
 * as drawn, and a half-faded text measures a contrast it never keeps. Endless ones (a spinner) are not waited for.
 * Asked again after two frames each time, until none is left: a component may start its transition a frame
 * after it appears (a toast gets its entering class once mounted).
 */
async function finishedAnimations(page: Page, frame?: string): Promise<void> {
  const document = frame
    ? await (await page.locator(frame).elementHandle())?.contentFrame()
    : page.mainFrame();
  await document?.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round += 1) {
      await nextFrame();
      await nextFrame();
      const running = window.document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * Runs axe on the page as it is now and fails on any critical or serious violation, one line per element:
 * rule, impact, what axe asks for, and the element's selector. `frame` checks one frame's document instead,
 * for example the app's frame inside the Shopify admin (`#app-iframe`), whose surroundings are the test's
 * stand-in for the admin.
 * The email previews are left out: each is the email itself in a frame with sandbox="" (no scripts), which
 * axe cannot run in.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string, frame?: string): Promise<void> {
  await finishedAnimations(page, frame);
  // Legacy mode runs axe in the page itself: no merging of per-frame results in a second, blank page.
  const violations = frame
    ? await frameViolations(page, frame)
    : (
        await new AxeBuilder({ page })
          .options({ rules: RULES })
          .exclude(SANDBOXED_FRAME)
          .setLegacyMode(true)
          .analyze()
      ).violations;
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
