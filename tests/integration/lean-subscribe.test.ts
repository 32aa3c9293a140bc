import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type RawRequest, type RawResponse, rawRequest } from "../support/clients/raw-http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

/**
 * The production server answers a plain storefront subscription before Express (app/http/lean-subscribe.server.ts,
 * docs/decisions/143). Hostile requests to that path get the same 4xx answers Express gives (never a 5xx), and
 * whatever the lean path does not take goes on to Express.
 */
let app: AppServer;
let storeId: string;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  app = await startApp({ env: { SUBSCRIBE_LIMIT_PER_IP: "1000" } });
});
afterAll(() => app?.stop());

const path = (suffix = "") => `/api/public/stores/${storeId}/subscribe${suffix}`;
const email = () => `lean-${randomUUID().slice(0, 8)}@acme-corp.example`;
const body = (address = email()) => JSON.stringify({ email: address, pageUrl: "https://shop.example.com/" });

/** A POST to the subscribe path, as JSON unless the request names its own Content-Type. */
function post(request: Partial<RawRequest> & { body?: string }, store = storeId): Promise<RawResponse> {
  const headers = request.headers ?? [];
  const typed = headers.some(([name]) => name.toLowerCase() === "content-type");
  return rawRequest(app.url, {
    method: "POST",
    path: `/api/public/stores/${store}/subscribe`,
    ...request,
    headers: typed ? headers : [["Content-Type", "application/json"], ...headers],
  });
}

const json = (response: RawResponse) =>
  JSON.parse(response.body) as { message?: string; discountCode?: string };

async function rowsOf(address: string, store = storeId) {
  return testDb()
    .select({ id: subscribers.id, consentIp: subscribers.consentIp })
    .from(subscribers)
    .where(and(eq(subscribers.storeId, store), eq(subscribers.email, address)));
}

describe("the lean subscribe path", () => {
  it("subscribes once, with the storefront's CORS and security headers, whatever the Origin", async () => {
    const address = email();
    for (const origin of ["https://shop.example.com", "null", "https://evil.example"]) {
      const response = await post({ body: body(address), headers: [["Origin", origin]] });
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    expect(await rowsOf(address)).toHaveLength(1);
  });

  it("answers malformed, oversized and wrongly typed bodies as Express does: 4xx, nothing stored", async () => {
    const cases: { name: string; request: Partial<RawRequest>; status: number }[] = [
      { name: "not JSON", request: { body: "{email" }, status: 400 },
      { name: "a JSON string", request: { body: '"x@acme-corp.example"' }, status: 400 },
      { name: "an array", request: { body: "[1,2]" }, status: 422 },
      { name: "no body", request: { body: "" }, status: 422 },
      { name: "wrong types", request: { body: '{"email":42,"name":{"a":1}}' }, status: 422 },
      {
        name: "too large",
        request: { body: JSON.stringify({ email: email(), name: "x".repeat(20_000) }) },
        status: 413,
      },
      {
        name: "gzip that is not gzip (left to Express)",
        request: { body: "{}", headers: [["Content-Encoding", "gzip"]] },
        status: 400,
      },
      {
        name: "another charset (left to Express)",
        request: { body: body(), headers: [["Content-Type", "application/json; charset=latin1"]] },
        status: 400,
      },
    ];
    const lying = await post({ body: "{}", headers: [["Content-Length", "999999"]] });
    expect(lying.status).toBe(413);
    for (const { name, request, status } of cases) {
      const lean = await post(request);
      expect({ name, status: lean.status }).toEqual({ name, status });
      expect(typeof json(lean).message, name).toBe("string");
      // The same request to the route Express serves (a trailing slash is not the lean path's) answers alike.
      const viaExpress = await post({ ...request, path: path("/") });
      expect({ name, status: viaExpress.status, body: json(viaExpress) }).toEqual({
        name,
        status,
        body: json(lean),
      });
    }
  });

  it("takes a gzip body through Express, which inflates it", async () => {
    const address = email();
    const response = await rawRequest(app.url, {
      method: "POST",
      path: path(),
      headers: [
        ["Content-Type", "application/json"],
        ["Content-Encoding", "gzip"],
      ],
      body: gzipSync(body(address)).toString("latin1"),
    });
    expect(response.status).toBe(200);
    expect(await rowsOf(address)).toHaveLength(1);
  });

  it("leaves hostile paths, hosts and methods to Express's guards: 4xx, never 5xx", async () => {
    const requests: RawRequest[] = [
      { method: "POST", path: `/api/public/stores/${storeId}/../${storeId}/subscribe`, body: body() },
      { method: "POST", path: `/api/public/stores/%2e%2e/${storeId}/subscribe`, body: body() },
      { method: "POST", path: `/api/public/stores/${storeId}/%2e%2e/subscribe`, body: body() },
      { method: "POST", path: `/api/public/stores/${storeId}/subscribe%00`, body: body() },
      { method: "POST", path: path(), headers: [["Host", "a b"]], body: body() },
      { method: "POST", path: path(), headers: [["Host", "[::1"]], body: body() },
      { method: "POST", path: "/api/public/stores/not-a-store/subscribe", body: body() },
      { method: "POST", path: `/api/public/stores/${randomUUID()}/subscribe`, body: body() },
      ...["GET", "PUT", "PATCH", "DELETE", "TRACE", "PROPFIND"].map((method) => ({ method, path: path() })),
    ];
    for (const request of requests) {
      const response = await rawRequest(app.url, {
        ...request,
        headers: [["Content-Type", "application/json"], ...(request.headers ?? [])],
      });
      const what = `${request.method} ${request.path} ${JSON.stringify(request.headers ?? [])}`;
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      expect(response.status, what).toBeLessThan(500);
    }
  });

  it("answers the CORS preflight through Express", async () => {
    const response = await rawRequest(app.url, {
      method: "OPTIONS",
      path: path(),
      headers: [
        ["Origin", "https://shop.example.com"],
        ["Access-Control-Request-Method", "POST"],
      ],
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, POST, OPTIONS");
  });

  it("records the connection's address when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    const address = email();
    const response = await post({ body: body(address), headers: [["X-Forwarded-For", "203.0.113.9"]] });
    expect(response.status).toBe(200);
    const [row] = await rowsOf(address);
    expect(row?.consentIp).not.toBe("203.0.113.9");
    expect(row?.consentIp).toMatch(/127\.0\.0\.1|::1/);
  });
});

describe("a store deleted a moment ago", () => {
  /** A new store with one subscription: the app has the store in its few seconds of memory. */
  async function subscribedStore() {
    const store = (await createStoreFor(owner.admin.id)).id;
    expect((await post({ body: body() }, store)).status).toBe(200);
    return store;
  }

  /** A subscription to the deleted store: the storefront's not found, and no row. */
  async function expectGone(store: string) {
    const address = email();
    const response = await post({ body: body(address) }, store);
    expect(response.status).toBe(404);
    expect(json(response)).toEqual({ message: "Popup not found" });
    expect(await rowsOf(address, store)).toEqual([]);
  }

  it("answers 404 and stores nothing once the store is deleted through the API", async () => {
    const store = await subscribedStore();
    const admin = new HttpClient(app.url);
    await admin.login(owner.email, owner.password);
    expect((await admin.delete(`/api/stores/${store}`)).status).toBe(200);
    await expectGone(store);
  });

  it("answers 404 and stores nothing when another process deleted it within the cache's seconds", async () => {
    const store = await subscribedStore();
    await testDb().delete(stores).where(eq(stores.id, store));
    await expectGone(store);
    await expectGone(store);
  });

  it("still stores the other stores' subscriptions sent with it", async () => {
    const gone = await subscribedStore();
    await testDb().delete(stores).where(eq(stores.id, gone));
    const addresses = Array.from({ length: 6 }, () => email());
    const answers = await Promise.all(
      addresses.map((address, index) => post({ body: body(address) }, index % 2 ? gone : storeId)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200, 404, 200, 404]);
    for (const [index, address] of addresses.entries())
      expect(await rowsOf(address, index % 2 ? gone : storeId)).toHaveLength(index % 2 ? 0 : 1);
  });
});
