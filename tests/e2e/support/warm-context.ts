import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, BrowserContextOptions, BrowserType, LaunchOptions } from "@playwright/test";

/**
 * A worker's browser profiles, one per set of context options, kept from test to test (docs/decisions/176).
 * A fresh incognito context compiles the app's scripts again on every page load; a kept profile has them in
 * its HTTP and code caches, which took Chromium's CPU for the same page loads from 10 s to 5.5 s here.
 * Everything else a test could leave behind is wiped between tests (`wipe`): pages, cookies, storage of every
 * origin the test reached, permissions and routes. A test that installs a fake clock asks for a fresh context.
 */
export class WarmContexts {
  private readonly profiles = new Map<string, Promise<BrowserContext>>();

  constructor(
    private readonly chromium: BrowserType,
    private readonly launch: LaunchOptions,
  ) {}

  /** The kept context for these options, launched on first use. */
  context(options: BrowserContextOptions): Promise<BrowserContext> {
    const key = JSON.stringify(options);
    let profile = this.profiles.get(key);
    if (!profile) {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), "np-e2e-profile-"));
      profile = this.chromium
        .launchPersistentContext(directory, { ...this.launch, ...options })
        .then(async (context) => {
          // The blank page a profile opens with: a test's pages are its own.
          await Promise.all(context.pages().map((page) => page.close()));
          return context;
        });
      this.profiles.set(key, profile);
    }
    return profile;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.profiles.values()].map(async (profile) => (await profile).close()));
  }
}

/** Every kind of stored site data but the HTTP and code caches (Chrome DevTools Protocol's storage types). */
const SITE_DATA = "all";

/** The origins a context's pages ask for while a test runs, so that their stored data can be wiped after it. */
export function originsReached(context: BrowserContext): { origins: Set<string>; stop: () => void } {
  const origins = new Set<string>();
  const note = (request: { url: () => string }) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") origins.add(url.origin);
  };
  context.on("request", note);
  return { origins, stop: () => context.off("request", note) };
}

/** Leaves a kept context as a new one would be, but for its caches. */
export async function wipe(context: BrowserContext, origins: Set<string>): Promise<void> {
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await Promise.all(context.pages().map((page) => page.close()));
  await context.clearCookies();
  await context.clearPermissions();
  if (origins.size === 0) return;
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  for (const origin of origins)
    await devtools.send("Storage.clearDataForOrigin", { origin, storageTypes: SITE_DATA });
  await devtools.detach();
  await page.close();
}
