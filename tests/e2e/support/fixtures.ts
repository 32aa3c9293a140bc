import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type FrameLocator,
  type Locator,
  type Page,
} from "@playwright/test";
import { originsReached, WarmContexts, wipe } from "./warm-context";

/**
 * The suite's `test`: every page it opens is watched, and a test fails when the page throws
 * (`pageerror`) or logs a console error, unless the test said that error is expected with
 * `browserErrors.allow(/pattern/)` (for example the 404 status of a not-found page).
 */
type BrowserErrors = {
  allow: (pattern: RegExp) => void;
  list: () => string[];
};

type TestFixtures = {
  browserErrors: BrowserErrors;
  /** A new incognito context instead of the worker's kept one: for a test that installs a fake clock. */
  freshContext: boolean;
};

/** The context options a test asked for, without the unset ones (the kept contexts are told apart by them). */
function askedOptions(options: BrowserContextOptions): BrowserContextOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

export const test = base.extend<TestFixtures, { warmContexts: WarmContexts }>({
  freshContext: [false, { option: true }],
  warmContexts: [
    async ({ playwright, launchOptions, headless }, use) => {
      const contexts = new WarmContexts(playwright.chromium, { ...launchOptions, headless });
      await use(contexts);
      await contexts.closeAll();
    },
    { scope: "worker" },
  ],
  // A retry runs in a fresh context, as Playwright's own, so that its trace has everything.
  context: async (
    {
      browser,
      warmContexts,
      freshContext,
      contextOptions,
      viewport,
      userAgent,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      javaScriptEnabled,
      locale,
      timezoneId,
      baseURL,
      colorScheme,
      reducedMotion,
      ignoreHTTPSErrors,
      storageState,
    },
    use,
    testInfo,
  ) => {
    const options = askedOptions({
      ...contextOptions,
      viewport,
      userAgent,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      javaScriptEnabled,
      locale,
      timezoneId,
      baseURL,
      colorScheme,
      reducedMotion,
      ignoreHTTPSErrors,
    });
    if (freshContext || storageState !== undefined || testInfo.retry > 0) {
      const context: BrowserContext = await browser.newContext({ ...options, storageState });
      await use(context);
      await context.close();
      return;
    }
    const context = await warmContexts.context(options);
    const reached = originsReached(context);
    await use(context);
    reached.stop();
    await wipe(context, reached.origins);
  },
  browserErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      // The email preview is a frame with sandbox="" (no scripts): Chromium logs each script it refuses
      // to run there, including the ones the test harness injects into every frame. That is the sandbox working.
      const allowed: RegExp[] = [/Blocked script execution in 'about:srcdoc'/];
      const watch = (page: Page) => {
        page.on("pageerror", (error) => seen.push(`pageerror: ${error.message}`));
        page.on("console", (message) => {
          if (message.type() !== "error") return;
          const location = message.location().url;
          seen.push(`console.error: ${message.text()}${location ? ` (${location})` : ""}`);
        });
      };
      for (const page of context.pages()) watch(page);
      context.on("page", watch);
      const errors: BrowserErrors = {
        allow: (pattern) => allowed.push(pattern),
        list: () => seen.filter((entry) => !allowed.some((pattern) => pattern.test(entry))),
      };
      await use(errors);
      context.off("page", watch);
      expect(errors.list(), "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The Polaris toast on screen (there is at most one; a replaced toast that is still fading out is
 * left out).
 */
export function toast(page: Page): Locator {
  return page.locator(
    ".Polaris-Frame-ToastManager__ToastWrapper:not(.Polaris-Frame-ToastManager__ToastWrapper--exit) .Polaris-Frame-Toast",
  );
}

/**
 * The labels of the main sidebar section (the 'Add New Site'/'Setup' section excluded); check them
 * with `await expect(sidebarItems(page)).toHaveText([...])`, which waits and compares the whole list.
 */
export function sidebarItems(page: Page): Locator {
  return page
    .locator("nav.Polaris-Navigation .Polaris-Navigation__Section")
    .first()
    .locator(".Polaris-Navigation__Text");
}

/** The Polaris card (a ShadowBevel box) around the heading `name`. */
export function cardWithHeading(page: Page | FrameLocator, name: string): Locator {
  return page
    .getByRole("heading", { name, exact: true })
    .locator("xpath=ancestor::div[contains(@class, 'Polaris-ShadowBevel')][1]");
}
