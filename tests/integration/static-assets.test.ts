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
