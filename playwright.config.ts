import { defineConfig, devices } from "@playwright/test";
import { disableFeaturesSwitch } from "./tests/e2e/support/chromium-features";
import { E2E_DNS_SERVER } from "./tests/e2e/support/dns";
import { ADMIN, FRESH, MAIN, SHORT } from "./tests/e2e/support/servers";
import { EMBEDDED_ENV } from "./tests/support/builders/shopify-session-token";

/**
 * End-to-end suite: Debian's Chromium against the production build (run `npm run build` first;
 * scripts/test-all.sh does). Three servers, each on a fresh PostgreSQL database:
 *   MAIN  – 24 h sessions, admin from ADMIN_EMAIL/ADMIN_PASSWORD;
 *   FRESH – no user at start: setup.spec.ts creates the admin through /setup;
 *   SHORT – 6 min sessions and the same admin, for the session countdown.
 * No project waits for another: a dependent project would start only after every test of the others.
 * The global setup runs the DNS server every server asks (support/dns.ts): no lookup reaches the internet.
 */
const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // No address-bar WebUI renderers, and the (software) GPU work on a thread of the browser process rather
      // than a process of its own: docs/decisions/200.
      disableFeaturesSwitch(),
      "--in-process-gpu",
    ],
  },
};

function webServer(port: number, database: string, ttl: number, withAdmin: boolean) {
  const args = [String(port), database, String(ttl), ...(withAdmin ? [] : ["--no-admin"])];
  return {
    command: `bash tests/e2e/start-server.sh ${args.join(" ")}`,
    url: `http://127.0.0.1:${port}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    // Embedded mode on, with the fake Shopify answering (shopify-embedded.spec.ts frames /app as the admin does).
    // The fake Shopify answers at once: a loaded machine must not make a subscription give up on its code.
    env: {
      E2E_ADMIN_EMAIL: ADMIN.email,
      E2E_ADMIN_PASSWORD: ADMIN.password,
      UNIQUE_CODE_WAIT_MS: "60000",
      DNS_SERVERS: E2E_DNS_SERVER,
      ...EMBEDDED_ENV,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  // Tests, not files, are shared out: each worker makes its own data (unique names, its own members).
  fullyParallel: true,
  forbidOnly: true,
  // A failure runs once more with a trace to explain it, and still fails the run: recording a trace of every
  // test costs about a quarter of the suite's time; a test that passes only the second time fails it too.
  retries: 1,
  failOnFlakyTests: true,
  // Three on two cores: a worker spends part of each test waiting on the server and the browser.
  // 2 → 3 took the suite from 10.2 to 7.6 minutes here.
  workers: 3,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    headless: true,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    locale: "en-US",
    timezoneId: "UTC",
  },
  // The small projects first, so that their serial files do not end the run alone.
  projects: [
    {
      name: "fresh-install",
      testMatch: /setup\.spec\.ts/,
      use: { ...chromium, baseURL: FRESH.baseURL },
    },
    {
      name: "short-session",
      testMatch: /session-expiry\.spec\.ts/,
      use: { ...chromium, baseURL: SHORT.baseURL },
    },
    {
      name: "main",
      testIgnore: [/setup\.spec\.ts/, /session-expiry\.spec\.ts/],
      use: { ...chromium, baseURL: MAIN.baseURL },
    },
  ],
  webServer: [
    webServer(MAIN.port, MAIN.database, MAIN.sessionTtlMinutes, true),
    webServer(FRESH.port, FRESH.database, FRESH.sessionTtlMinutes, false),
    webServer(SHORT.port, SHORT.database, SHORT.sessionTtlMinutes, true),
  ],
});
