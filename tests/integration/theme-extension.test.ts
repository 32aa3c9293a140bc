import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Severity, themeCheckRun } from "@shopify/theme-check-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { stores } from "~/db/schema";
import {
  publishStorefrontSettings,
  STOREFRONT_NAMESPACE,
} from "~/services/shopify/storefront-settings.server";
import { integrationScript } from "~/services/stores/integration.server";
import { drainInProcessJobs } from "../../jobs/client";
import { FAKE_SHOP, type FakeShop, setupShopifyMock } from "../../mocks/shopify";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { connectWithLegacyToken } from "../support/builders/legacy-shopify";
import { testDb } from "../support/infra/db";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXTENSION = path.join(ROOT, "extensions/newsletter-popup");
/** The script and the files it loads when used (popup/vite.config.ts), all shipped as assets. */
const SCRIPT_FILES = [
  "newsletter-popup.js",
  "newsletter-popup-view.js",
  "newsletter-popup-wheel.js",
  "newsletter-popup-steps.js",
  "newsletter-popup-success.js",
];
const asset = (file: string) => path.join(EXTENSION, "assets", file);
/** The files /js/ serves, from this run's copy of build/ (a rebuild meanwhile cannot disturb it). */
const servedScript = (file: string) => path.join(inject("appRoot"), "build/popup", file);
const embedBlock = fs.readFileSync(path.join(EXTENSION, "blocks/app-embed.liquid"), "utf8");

/** The JSON between the embed block's {% schema %} tags. */
function embedSchemaText(): string {
  return /\{% schema %\}([\s\S]*?)\{% endschema %\}/.exec(embedBlock)?.[1] ?? "{}";
}

/** Shopify's limit for an app block's JavaScript (theme check's threshold), measured compressed. */
const SCRIPT_GZIP_LIMIT = 10_000;

describe("theme app extension", () => {
  beforeAll(() => {
    for (const file of SCRIPT_FILES.map(asset)) {
      if (!fs.existsSync(file)) {
        throw new Error(
          `${file} is missing: run \`npm run build\` (or build:popup) before the integration tests.`,
        );
      }
    }
  });

  it("passes Shopify's theme check with no errors", async () => {
    const run = await themeCheckRun(EXTENSION);
    // The theme-app-extension rules ran (not the theme ones), on the embed block among the files.
    expect(run.config.context).toBe("app");
    expect(run.theme.map((file) => path.basename(file.uri))).toContain("app-embed.liquid");
    const offenses = run.offenses.map(
      (offense) => `${Severity[offense.severity]} ${offense.check}: ${offense.message} (${offense.uri})`,
    );
    expect(offenses).toEqual([]);
  }, 120_000);

  it("takes every text of the embed's settings from the default schema locale file", () => {
    // Theme check does not resolve an app extension's `t:` keys: an unknown key would show as the raw key.
    const schemaStrings = JSON.parse(
      fs.readFileSync(path.join(EXTENSION, "locales/en.default.schema.json"), "utf8"),
    ) as Record<string, unknown>;
    const keys = [...embedSchemaText().matchAll(/"t:([^"]+)"/g)].map(([, key]) => key ?? "");
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) {
      const text = key
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], schemaStrings);
      expect({ key, text: typeof text }).toEqual({ key, text: "string" });
    }
    expect(embedSchemaText()).not.toMatch(/"(label|info|name)": "(?!t:)/);
  });

  it.each(SCRIPT_FILES)("ships the very %s served at /js/, within 10,000 bytes gzipped", (file) => {
    expect(fs.readFileSync(asset(file)).equals(fs.readFileSync(servedScript(file)))).toBe(true);
    expect(gzipSync(fs.readFileSync(asset(file))).length).toBeLessThanOrEqual(SCRIPT_GZIP_LIMIT);
  });

  it("is an app embed on the body that loads the asset with the store id and API origin the app published", () => {
    const schema = JSON.parse(embedSchemaText()) as {
      target?: string;
      settings?: { id: string; type: string }[];
    };
    expect(schema.target).toBe("body");
    // On or off is the theme editor's own App embeds switch: no setting repeats it.
    expect(schema.settings?.map((setting) => setting.id)).toEqual(["show_in_editor"]);
    expect(embedBlock).toContain(`app.metafields.${STOREFRONT_NAMESPACE}.store_id.value`);
    expect(embedBlock).toContain(`app.metafields.${STOREFRONT_NAMESPACE}.api_origin.value`);
    const script = /<script[\s\S]*?><\/script>/.exec(embedBlock)?.[0] ?? "";
    expect(script).toContain("{{ 'newsletter-popup.js' | asset_url }}");
    expect(script).toMatch(/\sdefer\s/);
    for (const attribute of ["data-store-id", "data-api-origin", 'data-integration-type="shopify"']) {
      expect(script).toContain(attribute);
    }
  });
});

describe("storefront settings for the extension", () => {
  const shop: FakeShop = { ...FAKE_SHOP, appMetafields: new Map() };
  const { server } = setupShopifyMock([shop]);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  it("publishes the store id and the app's origin as app-data metafields the embed block reads", async () => {
    const owner = await createOrganizationWithAdmin();
    const store = await createStoreFor(owner.admin.id);
    expect(await publishStorefrontSettings(store.id)).toBe(false);

    await connectWithLegacyToken(await actorFor(owner.admin.id), store.id, {
      shopifyUrl: "acme-test",
      accessToken: FAKE_SHOP.accessToken,
    });
    expect(await publishStorefrontSettings(store.id)).toBe(true);
    expect(Object.fromEntries(shop.appMetafields ?? [])).toEqual({
      [`${STOREFRONT_NAMESPACE}.store_id`]: store.id,
      [`${STOREFRONT_NAMESPACE}.api_origin`]: new URL(process.env.APP_URL ?? "http://localhost:3000").origin,
    });

    // Once the install script is regenerated, the embed must send the current version (older ones are refused).
    await testDb().update(stores).set({ activeScriptVersion: "v7k2m9" }).where(eq(stores.id, store.id));
    await publishStorefrontSettings(store.id);
    expect(shop.appMetafields?.get(`${STOREFRONT_NAMESPACE}.script_version`)).toBe("v7k2m9");
    expect(embedBlock).toContain(`app.metafields.${STOREFRONT_NAMESPACE}.script_version.value`);
  });

  it("republishes the version when an installed shop's script is regenerated on the Integration page", async () => {
    const owner = await createOrganizationWithAdmin();
    const store = await createStoreFor(owner.admin.id);
    const actor = await actorFor(owner.admin.id);
    await connectWithLegacyToken(actor, store.id, {
      shopifyUrl: "acme-test",
      accessToken: FAKE_SHOP.accessToken,
    });
    await testDb().update(stores).set({ shopifyDomain: FAKE_SHOP.domain }).where(eq(stores.id, store.id));

    const { activeScriptVersion } = await integrationScript(actor, store.id, { regenerate: true });
    await drainInProcessJobs();
    expect(shop.appMetafields?.get(`${STOREFRONT_NAMESPACE}.script_version`)).toBe(activeScriptVersion);
  });
});
