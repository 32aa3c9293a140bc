import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/infra/app-server";

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

describe("the built JavaScript and CSS", () => {
  it("are sent compressed and cached for good, and pages are not held back by compression", async () => {
    const page = await fetch(`${app.url}/login`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBeNull();
    const html = await page.text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();

    const asset = await fetch(`${app.url}${script}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await asset.text()).length).toBeGreaterThan(0);
  });
});

describe("the storefront script", () => {
  it("is served with the files it loads when used, by name only, each revalidated by its ETag", async () => {
    const script = await (await fetch(`${app.url}/js/newsletter-popup.js`)).text();
    const later = script.match(/newsletter-popup-[a-z]+\.js\?v=[\w-]+/g) ?? [];
    expect(later.map((file) => file.split("?")[0])).toEqual(["newsletter-popup-view.js"]);
    for (const file of later) {
      const response = await fetch(`${app.url}/js/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const etag = response.headers.get("etag") ?? "";
      expect((await response.text()).length).toBeGreaterThan(0);
      const again = await fetch(`${app.url}/js/${file}`, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
    }
    // Any other name is left to the app's pages: no file is read for it.
    for (const other of ["newsletter-popup-other.js", "newsletter-popup-form.js", "..%2Fpackage.json"]) {
      const response = await fetch(`${app.url}/js/${other}`);
      expect(response.headers.get("content-type")).not.toContain("javascript");
      expect(await response.text()).not.toContain('"name": "newsletter-popup"');
    }
  });
});
