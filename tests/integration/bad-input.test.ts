import { describe, expect, it } from "vitest";
import { sanitizeInlineHtml } from "../../popup/sanitize";
import { sqlRows } from "../support/infra/db";
import { apiRouteCases, CAMPAIGN_OR_POPUP_ROUTE } from "../support/matrices/api-routes";
import { XSS_MARKER } from "../support/matrices/bad-input";
import {
  badInputTally,
  describeAdminRoutes,
  describeOpenEndpoints,
} from "../support/matrices/bad-input-suites";
import { expectSentinelUntouched, useHostileSetup } from "../support/matrices/hostile-setup";

/**
 * Every JSON and public endpoint gets malformed JSON, wrong types, huge strings, odd unicode, CRLF,
 * script and SQL payloads: never a 5xx, a 4xx says why in JSON, a refusal changes nothing, what is
 * accepted never runs as script, and data stored before is still there afterwards. The campaign and popup
 * routes are in bad-input-campaigns-popups.test.ts; hostile cookies, headers, methods and paths in
 * hostile-requests.test.ts (files run side by side).
 */
const setup = useHostileSetup();
const tally = badInputTally();

describeAdminRoutes(
  setup,
  apiRouteCases.filter((row) => !CAMPAIGN_OR_POPUP_ROUTE.test(row.pattern)),
  tally,
);
describeOpenEndpoints(setup, tally);

describe("what the hostile requests left behind", () => {
  it("never appears as markup or a script URL on a screen", async () => {
    const { storeId } = setup.target;
    // The payloads were stored (a subscriber's name, a store's name), so the screens below do show them.
    for (const table of ["subscribers", "stores"]) {
      const stored = await sqlRows(`select 1 from ${table} where name like $1`, [`%${XSS_MARKER}%`]);
      expect(stored.length, table).toBeGreaterThan(0);
    }
    const screens = [
      "/stores",
      "/admin/members",
      ...[
        "dashboard",
        "subscribers",
        "popup-builder",
        "email-templates",
        "email-analytics",
        "settings",
        "integration",
      ].map((screen) => `/store/${storeId}/${screen}`),
    ];
    for (const screen of screens) {
      const page = await setup.admin.get(screen, { headers: { Accept: "text/html" } });
      expect(page.status, screen).toBe(200);
      const html = page.text;
      expect(html, screen).not.toContain(`<script>alert("${XSS_MARKER}")`);
      expect(html, screen).not.toContain(`<img src=x onerror=alert("${XSS_MARKER}")`);
      expect(html, screen).not.toMatch(/\s(?:href|src|action)\s*=\s*["']?\s*javascript:/i);
    }
  });

  it("reaches the storefront only as sanitized text", async () => {
    const config = await setup.anonymous.get<{ title: string; subtitle?: string }>(
      `/api/public/stores/${setup.target.storeId}/popup`,
    );
    expect(config.status).toBe(200);
    for (const text of [config.body.title, config.body.subtitle ?? ""]) {
      expect(sanitizeInlineHtml(text)).toBe(text);
      expect(text).not.toMatch(/<(?!\/?(strong|b|mark|em|i)>)/i);
    }
  });

  it("lost nothing stored before", async () => {
    await expectSentinelUntouched(setup);
  });
});
