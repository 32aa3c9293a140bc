import http from "node:http";
import zlib from "node:zlib";
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
    const later = (source: string): string[] => source.match(/newsletter-popup-[a-z]+\.js\?v=[\w-]+/g) ?? [];
    // The script names the view; the view names the feature files (popup/features.ts).
    const files = later(await (await fetch(`${app.url}/js/newsletter-popup.js`)).text());
    for (const file of files) {
      const response = await fetch(`${app.url}/js/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const etag = response.headers.get("etag") ?? "";
      files.push(...later(await response.text()));
      const again = await fetch(`${app.url}/js/${file}`, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
    }
    expect(files.map((file) => file.split("?")[0])).toEqual([
      "newsletter-popup-view.js",
      "newsletter-popup-wheel.js",
      "newsletter-popup-steps.js",
      "newsletter-popup-success.js",
    ]);
    // Any other name is left to the app's pages: no file is read for it.
    for (const other of ["newsletter-popup-other.js", "newsletter-popup-form.js", "..%2Fpackage.json"]) {
      const response = await fetch(`${app.url}/js/${other}`);
      expect(response.headers.get("content-type")).not.toContain("javascript");
      expect(await response.text()).not.toContain('"name": "newsletter-popup"');
    }
  });
});

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode the body). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${app.url}${path}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

describe("the storefront script's compression and caching", () => {
  const decoded = (encoding: string | undefined, body: Buffer) =>
    encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;

  it("sends brotli, gzip or the file itself as the browser accepts, each with Vary and its own ETag", async () => {
    const plain = await get("/js/newsletter-popup.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const cases: [string, string | undefined][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip;q=0.5", "gzip"],
      ["*", "br"],
      ["*;q=0", undefined],
      ["identity", undefined],
      ["deflate", undefined],
      ["gzip;q=0, br;q=0", undefined],
    ];
    const etags = new Set<string>();
    for (const [accept, encoding] of cases) {
      const response = await get("/js/newsletter-popup.js", { "Accept-Encoding": accept });
      expect({ accept, encoding: response.headers["content-encoding"] }).toEqual({ accept, encoding });
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decoded(encoding, response.body).equals(plain.body)).toBe(true);
      etags.add(String(response.headers.etag));
      const again = await get("/js/newsletter-popup.js", {
        "Accept-Encoding": accept,
        "If-None-Match": String(response.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.vary).toBe("Accept-Encoding");
    }
    expect(etags.size).toBe(3);
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request(
          `${app.url}/js/newsletter-popup.js`,
          { method: "HEAD", headers: { "Accept-Encoding": "br" } },
          resolve,
        )
        .on("error", reject)
        .end(),
    );
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
  });

  it("caches the later files for good under their content versions, and briefly under any other name", async () => {
    const script = (await get("/js/newsletter-popup.js")).body.toString("utf8");
    const view = /newsletter-popup-view\.js\?v=[\w-]+/.exec(script)?.[0] ?? "";
    expect(view).not.toBe("");
    const viewFile = (await get(`/js/${view}`, { "Accept-Encoding": "br" })).headers;
    expect(viewFile["cache-control"]).toBe("public, max-age=31536000, immutable");
    const wheel = /newsletter-popup-wheel\.js\?v=[\w-]+/.exec(
      (await get(`/js/${view}`)).body.toString("utf8"),
    )?.[0];
    const wheelFile = (await get(`/js/${wheel}`, { "Accept-Encoding": "br" })).headers;
    expect(wheelFile["content-encoding"]).toBe("br");
    expect(wheelFile["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const name of [
      "newsletter-popup-view.js",
      "newsletter-popup-view.js?v=stale",
      "newsletter-popup-wheel.js?v=stale",
      "newsletter-popup.js",
    ]) {
      const response = await get(`/js/${name}`);
      expect(response.headers["cache-control"]).toBe("public, max-age=3600, stale-while-revalidate=86400");
    }
  });
});
