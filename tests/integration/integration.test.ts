import vm from "node:vm";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "~/db/schema";
import { findPopupScript } from "~/services/stores/installation-detector.server";
import { createStoreFor } from "../support/builders/actors";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";
import { pageWith, startSiteServer } from "../support/infra/site-server";

// The merchant sites of these tests live on 127.0.0.1, which only this explicit test setting allows.
const signedIn = useSignedInApp({ ALLOW_PRIVATE_NETWORK_TARGETS: "true" });
let site: Awaited<ReturnType<typeof startSiteServer>>;

beforeAll(async () => {
  site = await startSiteServer();
});
afterAll(() => site.close());

type Script = { script: string; activeScriptVersion: string | null; activeScriptTimestamp: string | null };
type Check = { installed: boolean; message: string };

async function storeWithSite(path: string) {
  const store = await createStoreFor(signedIn.owner.admin.id);
  const moved = await signedIn.admin.put(`/api/stores/${store.id}`, { shopifyUrl: `${site.origin}${path}` });
  expect(moved.status).toBe(200);
  return store;
}

function publicConfig(storeId: string, version?: string) {
  const query = version === undefined ? "" : `?v=${encodeURIComponent(version)}`;
  return fetch(`${signedIn.app.url}/api/public/stores/${storeId}/popup${query}`);
}

describe("the install script", () => {
  it("is the SPEC §1 tag for the store, and a regenerated version retires the old tag", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const url = `/api/stores/${store.id}/integration-script`;

    const original = await signedIn.admin.get<Script>(url);
    expect(original.status).toBe(200);
    expect(original.body.script).toContain(`data-store-id="${store.id}"`);
    expect(original.body.script).not.toContain("data-script-version");
    expect((await publicConfig(store.id)).status).toBe(200);

    const first = await signedIn.admin.get<Script>(`${url}?regenerate=true`);
    const version = first.body.activeScriptVersion ?? "";
    expect(version).toMatch(/^[\w-]{8}$/);
    expect(first.body.activeScriptTimestamp).not.toBeNull();
    expect(first.body.script).toContain(`data-script-version="${version}"`);
    expect((await publicConfig(store.id)).status).toBe(410);
    expect((await publicConfig(store.id, version)).status).toBe(200);

    const second = await signedIn.admin.get<Script>(`${url}?regenerate=true`);
    expect(second.body.activeScriptVersion).not.toBe(version);
    const retired = await publicConfig(store.id, version);
    expect(retired.status).toBe(410);
    expect(await retired.json()).toMatchObject({ message: expect.stringContaining("replaced") });
    expect((await publicConfig(store.id, second.body.activeScriptVersion ?? "")).status).toBe(200);

    // Reading the script again does not issue a new version.
    expect((await signedIn.admin.get<Script>(url)).body.activeScriptVersion).toBe(
      second.body.activeScriptVersion,
    );
  });

  it("is regenerated only by the app's own call, never by a cross-site navigation", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const url = `/api/stores/${store.id}/integration-script?regenerate=true`;
    const version = async () =>
      (await testDb().select().from(stores).where(eq(stores.id, store.id)))[0]?.activeScriptVersion;
    const appCall = await signedIn.admin.get<Script>(url);
    expect(appCall.status).toBe(200);
    const installed = await version();
    expect(installed).toBe(appCall.body.activeScriptVersion);

    // A link on another site (SameSite=Lax sends the cookie), and an old browser's navigation without fetch metadata.
    const navigations: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" },
      {},
    ];
    for (const headers of navigations) {
      const response = await signedIn.admin.get(url, {
        headers: { ...headers, "X-Requested-With": null, Accept: "text/html" },
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: "Cross-site request refused" });
    }
    expect(await version()).toBe(installed);
    expect((await publicConfig(store.id, installed ?? "")).status).toBe(200);
  });

  it("is installed by the demo page with its current version", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const { body } = await signedIn.admin.get<Script>(
      `/api/stores/${store.id}/integration-script?regenerate=true`,
    );
    const demo = await fetch(`${signedIn.app.url}/demo/${store.id}`);
    expect(await demo.text()).toContain(`data-script-version="${body.activeScriptVersion}"`);
  });
});

describe("verifying the installation", () => {
  const verify = (storeId: string, force = false) =>
    signedIn.admin.get<Check>(`/api/stores/${storeId}/verify-installation${force ? "?force=true" : ""}`);

  it("finds this store's script on the site and marks the store verified", async () => {
    const store = await storeWithSite("/home");
    const { body: script } = await signedIn.admin.get<Script>(`/api/stores/${store.id}/integration-script`);
    site.setPage("/home", { body: pageWith(script.script) });

    const response = await verify(store.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ installed: true, message: expect.stringContaining(site.origin) });
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.isVerified).toBe(true);
  });

  it("reports a page without the script, and one with another store's script, as not installed", async () => {
    const store = await storeWithSite("/plain");
    site.setPage("/plain", { body: pageWith(`<p>data-store-id="${store.id}" is only text here</p>`) });
    expect((await verify(store.id)).body).toMatchObject({
      installed: false,
      message: expect.stringContaining("not found"),
    });

    const other = await createStoreFor(signedIn.owner.admin.id);
    const { body: otherScript } = await signedIn.admin.get<Script>(
      `/api/stores/${other.id}/integration-script`,
    );
    site.setPage("/plain", { body: pageWith(otherScript.script) });
    expect((await verify(store.id, true)).body).toMatchObject({
      installed: false,
      message: expect.stringContaining("another store"),
    });
  });

  it("answers from the last check for 5 minutes unless forced", async () => {
    const store = await storeWithSite("/cached");
    const { body: script } = await signedIn.admin.get<Script>(`/api/stores/${store.id}/integration-script`);
    site.setPage("/cached", { body: pageWith(script.script) });
    expect((await verify(store.id)).body.installed).toBe(true);
    expect(site.hits("/cached")).toBe(1);

    site.setPage("/cached", { body: pageWith("") });
    expect((await verify(store.id)).body.installed).toBe(true);
    expect(site.hits("/cached")).toBe(1);

    expect((await verify(store.id, true)).body.installed).toBe(false);
    expect(site.hits("/cached")).toBe(2);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.isVerified).toBe(false);
  });

  it("follows a redirect to the home page", async () => {
    const store = await storeWithSite("/old");
    const { body: script } = await signedIn.admin.get<Script>(`/api/stores/${store.id}/integration-script`);
    site.setPage("/old", { status: 301, headers: { Location: "/new" } });
    site.setPage("/new", { body: pageWith(script.script) });
    expect((await verify(store.id)).body.installed).toBe(true);
  });

  it("explains a site that answers with an error", async () => {
    const store = await storeWithSite("/missing-page");
    expect((await verify(store.id)).body).toMatchObject({
      installed: false,
      message: expect.stringContaining("status 404"),
    });
  });
});

describe("the service worker download", () => {
  it("is a valid script for this store's popup, sent as an attachment", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const response = await signedIn.admin.get<string>(`/api/stores/${store.id}/download-file`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="newsletter-popup-sw.js"');
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.text).toContain(`/api/public/stores/${store.id}/popup`);
    expect(response.text).toContain("/js/newsletter-popup.js");
    expect(() => new vm.Script(response.text)).not.toThrow();
  });
});

describe("finding the popup script in a page", () => {
  const id = "0b6a3c1e-1111-4a4a-9a9a-222233334444";

  it("accepts the script tag in any attribute order and quoting, and the theme app embed's asset", () => {
    expect(
      findPopupScript(
        `<script data-store-id='${id}' async src=https://app/js/newsletter-popup.js></script>`,
        id,
      ),
    ).toBe("this-store");
    expect(
      findPopupScript(
        `<script src="https://cdn.shopify.com/extensions/abc/assets/newsletter-popup.js?v=3" data-store-id="${id.toUpperCase()}" defer></script>`,
        id,
      ),
    ).toBe("this-store");
  });

  it("does not count the id in text, in another script, or another store's tag", () => {
    expect(findPopupScript(`<p>${id}</p><script src="/other.js" data-store-id="${id}"></script>`, id)).toBe(
      "absent",
    );
    expect(
      findPopupScript(
        `<script src="/js/newsletter-popup.js" data-store-id="99999999-1111-4a4a-9a9a-222233334444"></script>`,
        id,
      ),
    ).toBe("other-store");
  });
});
