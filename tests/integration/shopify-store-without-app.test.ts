import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";

/**
 * A Shopify store on a dashboard that runs without the Shopify app's credentials: no app embed can reach the
 * shop, so the Integration page gives the script with the theme.liquid steps and the app embed caveat, and
 * promises no step that is not there.
 */

let app: AppServer;
let admin: HttpClient;
let storeId: string;

beforeAll(async () => {
  app = await startApp({
    env: { SHOPIFY_API_KEY: undefined, SHOPIFY_API_SECRET: undefined, SHOPIFY_APP_URL: undefined },
  });
  const owner = await createOrganizationWithAdmin();
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
  const shop = `theme-shop-${Date.now()}`;
  const created = await admin.post<{ id: string }>("/api/stores", {
    name: "Theme Shop",
    integrationType: "shopify",
    shopifyUrl: `https://${shop}.myshopify.com`,
    shopifyStoreName: shop,
  });
  expect(created.status).toBe(201);
  storeId = created.body.id;
});

afterAll(async () => {
  await app?.stop();
});

describe("the Integration page of a Shopify store without the Shopify app", () => {
  it("offers the script, where it goes in the theme, and the app embed caveat", async () => {
    const page = await admin.get(`/store/${storeId}/integration`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-store-id=&quot;${storeId}&quot;`);
    expect(page.text).toContain("On Shopify, the app embed is the recommended way");
    expect(page.text).toContain("layout/theme.liquid");
    expect(page.text).toContain("Once the script is on your site");
    expect(page.text).not.toContain("Turn on the app embed");
    // The site-builder hint would say the opposite of the theme steps beside it.
    expect(page.text).not.toContain("site builders");
    // A theme cannot serve the service worker from the site's root: no step for it.
    expect(page.text).not.toContain("Download service worker");
  });
});
