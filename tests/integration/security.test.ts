import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailClickTracking } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createMember, createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { freshFixture } from "../support/builders/route-fixtures";
import { HttpClient } from "../support/clients/http";
import { rawRequest } from "../support/clients/raw-http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows, testDb } from "../support/infra/db";
import { readOutbox } from "../support/infra/outbox";
import { pathOfPattern, storeScreenPatterns } from "../support/matrices/store-screens";

const REFUSED = { message: "Cross-site request refused" };
let app: AppServer;
let org: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  org = await createOrganizationWithAdmin();
  // Trusting one proxy, so a request can say it arrived over https (X-Forwarded-Proto).
  app = await startApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await app?.stop();
});

const resetTokenOf = async (email: string) =>
  (
    await sqlRows<{ reset_token: string | null }>("select reset_token from users where email = $1", [email])
  )[0]?.reset_token;

describe("cross-site request forgery", () => {
  it("refuses a mutation with a foreign Origin and changes nothing", async () => {
    const { email, password } = await createMember(org.organization.id);
    const http = new HttpClient(app.url);
    await http.login(email, password);

    const logout = await http.post("/api/auth/logout", undefined, {
      headers: { Origin: "https://evil.example" },
    });
    expect(logout.status).toBe(403);
    expect(logout.body).toEqual(REFUSED);
    expect(logout.headers.getSetCookie()).toEqual([]);
    expect((await http.get("/api/auth/user")).status).toBe(200);

    const login = await new HttpClient(app.url).post(
      "/api/auth/login",
      { email, password },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a request marked Sec-Fetch-Site: cross-site without Origin", async () => {
    const { email } = await createMember(org.organization.id);
    const response = await new HttpClient(app.url).post(
      "/api/auth/forgot-password",
      { email },
      { headers: { Origin: null, "Sec-Fetch-Site": "cross-site" } },
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual(REFUSED);
    // Nothing was queued: no reset token, no email.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await resetTokenOf(email)).toBeNull();
    const outbox = await readOutbox();
    expect(outbox.some((message) => message.text?.includes(email))).toBe(false);
  });

  it("takes Origin: null as same-origin only when the browser marks the request Sec-Fetch-Site: same-origin", async () => {
    // A page that asks for no referrer posts its forms with Origin: null; so does a sandboxed frame on another
    // site, which the browser marks cross-site.
    const { email, password } = await createMember(org.organization.id);
    const loginWith = (headers: Record<string, string | null>) =>
      new HttpClient(app.url).post("/api/auth/login", { email, password }, { headers });
    expect((await loginWith({ Origin: "null", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    const refusedHeaders: Record<string, string>[] = [
      { Origin: "null" },
      { Origin: "null", "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of refusedHeaders) {
      const refused = await loginWith(headers);
      expect(refused.status).toBe(403);
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
  });

  it("refuses a cross-site form post to /setup and /signup", async () => {
    const form = new URLSearchParams({
      organizationName: "Evil",
      email: uniqueEmail("evil"),
      password: "password1",
    });
    for (const path of ["/setup", "/signup"]) {
      const response = await new HttpClient(app.url).post(path, undefined, {
        body: form,
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(response.status).toBe(403);
    }
    expect(await sqlRows("select id from organizations where name = 'Evil'")).toEqual([]);
  });

  it("reads the path as the router resolves it: a dot segment cannot reach a route past the allow-list", async () => {
    const http = new HttpClient(app.url);
    await http.login(org.email, org.password);
    const name = `Smuggled ${randomUUID()}`;
    for (const path of ["/api/public/../stores", "/api/public/%2e%2e/stores", "/api/public/.%2E/stores"]) {
      const response = await rawRequest(app.url, {
        method: "POST",
        path,
        headers: [
          ["Cookie", `np_session=${http.sessionToken}`],
          ["Origin", "https://evil.example"],
          ["Content-Type", "application/json"],
        ],
        body: JSON.stringify({ name, shopifyUrl: "https://smuggled.example.com" }),
      });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
    expect(await sqlRows("select id from stores where name = $1", [name])).toEqual([]);
  });

  it("compares Origin with APP_URL only, never with the Host the client sent", async () => {
    const { email, password } = await createMember(org.organization.id);
    const response = await rawRequest(app.url, {
      method: "POST",
      path: "/api/auth/login",
      headers: [
        ["Host", "evil.example"],
        ["Origin", "http://evil.example"],
        ["Content-Type", "application/json"],
      ],
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeUndefined();
  });

  it("allows same-origin requests, with Origin or with only Sec-Fetch-Site", async () => {
    const http = new HttpClient(app.url);
    const withOrigin = await http.post("/api/auth/login", { email: org.email, password: org.password });
    expect(withOrigin.status).toBe(200);
    const withFetchMetadata = await http.post("/api/auth/logout", undefined, {
      headers: { Origin: null, "Sec-Fetch-Site": "same-origin" },
    });
    expect(withFetchMetadata.status).toBe(200);
    expect((await http.get("/api/auth/user")).status).toBe(401);
  });
});

describe("a garbled session cookie", () => {
  it("is no session: every page answers, /login included, and the visitor signs in again", async () => {
    const http = new HttpClient(app.url);
    await http.login(org.email, org.password);
    const valid = http.sessionToken ?? "";
    const garbled = [
      "np_session=%E0%A4%A",
      `np_session=${valid}; np_session=${valid}`,
      "np_session",
      'np_session="unterminated',
      `np_session=${"A".repeat(4096)}`,
      "np_store=%E0%A4%A; np_session=%E0%A4%A",
    ];
    for (const cookie of garbled) {
      const headers = { Cookie: cookie, Accept: "text/html" };
      const login = await http.get("/login", { headers });
      expect({ cookie, status: login.status }).toEqual({ cookie, status: 200 });
      const home = await http.get("/", { headers });
      expect({ cookie, status: home.status, location: home.headers.get("location") }).toEqual({
        cookie,
        status: 302,
        location: "/login",
      });
      expect((await http.get("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(401);
    }
    expect((await http.get("/api/auth/user")).status).toBe(200);
  });

  it("of the remembered store does not break a signed-in screen", async () => {
    await createStoreFor(org.admin.id);
    const http = new HttpClient(app.url);
    await http.login(org.email, org.password);
    http.cookies.set("np_store", "%E0%A4%A");
    const response = await http.get("/stores", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends a nonce-based CSP and the hardening headers on /reset-password", async () => {
    const first = await new HttpClient(app.url).get("/reset-password?token=abc");
    const second = await new HttpClient(app.url).get("/reset-password?token=abc");
    expect(first.status).toBe(200);

    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Every inline script of the page carries this response's nonce, and the nonce changes per response.
    const scripts = first.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(second.headers.get("content-security-policy")).not.toBe(csp);

    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("same-origin");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-powered-by")).toBeNull();
  });

  it("sends Strict-Transport-Security only on a request that came over https", async () => {
    const overHttp = await new HttpClient(app.url).get("/login");
    expect(overHttp.headers.get("strict-transport-security")).toBeNull();
    const overHttps = await new HttpClient(app.url).get("/login", {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("sends the same headers on API answers", async () => {
    const response = await new HttpClient(app.url).get("/api/auth/user");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
  });
});

describe("routing", () => {
  it("sends anonymous visitors of a screen to /login", async () => {
    for (const path of ["/", "/stores", "/store/abc/subscribers", "/admin/members", "/no-such-page"]) {
      const response = await new HttpClient(app.url).get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 302 });
      expect(response.headers.get("location")).toBe("/login");
    }
  });

  it("matches routes case-insensitively", async () => {
    for (const path of ["/LOGIN", "/Login", "/Forgot-Password"]) {
      const response = await new HttpClient(app.url).get(path, { headers: { Accept: "text/html" } });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
    const user = await new HttpClient(app.url).get("/API/AUTH/USER");
    expect(user.status).toBe(401);
    expect(user.body).toEqual({ message: "Authentication required" });
  });

  it("answers unknown /api paths with 404 JSON", async () => {
    const http = new HttpClient(app.url);
    for (const response of [await http.get("/api/no-such-thing"), await http.post("/api/auth/nope", {})]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body).toEqual({ message: "Not found" });
    }
  });

  it("answers 405 with Allow to a method no route serves", async () => {
    for (const path of ["/", "/api/stores", "/login"]) {
      for (const method of ["TRACE", "PROPFIND"]) {
        const response = await rawRequest(app.url, { method, path });
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 405 });
        expect(response.headers.get("allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      }
    }
    const unknown = await new HttpClient(app.url).request("PATCH", "/api/stores");
    expect(unknown.status).toBe(405);
    expect(unknown.headers.get("allow")).toBe("GET, POST");
  });

  it("answers 400 to a Host header that makes no URL", async () => {
    for (const host of ["a b", "[::1", "", "127.0.0.1:99999"]) {
      const response = await rawRequest(app.url, {
        method: "GET",
        path: "/login",
        headers: [["Host", host]],
      });
      expect({ host, status: response.status }).toEqual({ host, status: 400 });
    }
  });

  it("shows the 404 page for every store screen of an unknown store or another organization's", async () => {
    const stranger = await createOrganizationWithAdmin();
    const theirs = await createStoreFor(stranger.admin.id);
    // The caller's store, with a campaign and a flow: a screen that fell back on it would answer 200.
    const own = await freshFixture(org.organization.id, org.admin.id);
    const http = new HttpClient(app.url);
    await http.login(org.email, org.password);
    const screens = storeScreenPatterns();
    expect(screens).toContain("store/:storeId/settings");
    for (const storeId of [theirs.id, randomUUID(), "not-a-uuid"]) {
      for (const pattern of screens) {
        const params = { storeId, campaignId: own.campaignId, flowId: own.flowId };
        const screen = pathOfPattern(pattern, params);
        // The same screen's bare URL, naming the store in its query (SPEC §2: /popup-builder?storeId={id}).
        const bare = `${pathOfPattern(pattern.replace("store/:storeId/", ""), params)}?storeId=${storeId}`;
        for (const page of [screen, bare]) {
          const response = await http.get(page, { headers: { Accept: "text/html" } });
          expect({ page, status: response.status }).toEqual({ page, status: 404 });
          expect(response.text).toContain("404 Page Not Found");
          expect(response.text).not.toContain(theirs.name);
        }
        // The client-side navigation's data request is refused the same way.
        const request = await http.get(`${screen}.data`);
        expect({ request: screen, status: request.status }).toEqual({ request: screen, status: 404 });
        expect(request.text).not.toContain(theirs.name);
      }
    }
  });

  it("shows a signed-in user the 404 page for an unknown screen", async () => {
    // A user without stores sees only onboarding; with one, unknown screens are a 404.
    await createStoreFor(org.admin.id);
    const http = new HttpClient(app.url);
    await http.login(org.email, org.password);
    const response = await http.get("/no-such-page", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(404);
    expect(response.text).toContain("404 Page Not Found");
  });
});

describe("click tracking redirects", () => {
  const RECORDED = "https://acme.example/welcome?ref=email";
  let storeId: string;
  let trackingId: string;

  /** A tracking row as a send stores it (or as one stored before links were checked did), by its id. */
  async function trackedLink(originalUrl: string): Promise<string> {
    const id = randomBytes(16).toString("base64url");
    await testDb()
      .insert(emailClickTracking)
      .values({ storeId, subscriberEmail: "reader@acme.example", trackingId: id, originalUrl });
    return id;
  }

  beforeAll(async () => {
    storeId = (await createStoreFor(org.admin.id)).id;
    trackingId = await trackedLink(RECORDED);
  });

  /** Where a response sends the browser: nowhere, somewhere on this app, or the recorded URL. */
  function destination(location: string | null): "none" | "this app" | "recorded" | string {
    if (location === null) return "none";
    const target = new URL(location, app.url);
    if (target.origin === new URL(app.url).origin) return "this app";
    const recorded = new URL(RECORDED);
    const same = target.origin === recorded.origin && target.pathname === recorded.pathname;
    return same && target.searchParams.get("ref") === "email" ? "recorded" : location;
  }

  it("sends a known link to the recorded URL only, whatever the query asks", async () => {
    for (const query of [
      "",
      "?url=https://evil.example",
      "?redirect=//evil.example",
      "?next=https:%2F%2Fevil.example",
    ]) {
      const response = await new HttpClient(app.url).get(`/t/${trackingId}${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 302 });
      expect(destination(response.headers.get("location"))).toBe("recorded");
    }
  });

  it("never sends anyone off-site from an unknown or doctored link", async () => {
    const attempts = [
      "/t/unknown-tracking-id",
      `/t/${trackingId}//evil.example`,
      `/t/${trackingId}%2F%2Fevil.example`,
      `/t/${trackingId}%5C%5Cevil.example`,
      `/t/${trackingId}@evil.example`,
      "/t//evil.example",
      "/t/%2F%2Fevil.example",
      "/t/%5C%5Cevil.example",
      "/t/https:%2F%2Fevil.example",
      "/t/%68ttps://evil.example",
      "/t/..%2F..%2F%2Fevil.example",
    ];
    for (const path of attempts) {
      const response = await new HttpClient(app.url).get(path);
      expect({ path, status: response.status < 500 }).toEqual({ path, status: true });
      expect({ path, goes: destination(response.headers.get("location")) }).toMatchObject({
        path,
        goes: expect.stringMatching(/^(none|this app)$/),
      });
    }
  });

  it("follows a stored link only to a web page, neither counting nor following javascript:, data: or a broken URL", async () => {
    for (const stored of [
      "javascript:alert(document.cookie)",
      "JavaScript:alert(1)//https://acme.example",
      "data:text/html,<script>alert(1)</script>",
      "ftp://files.acme.example/",
      "not a url at all",
      "https://",
    ]) {
      const id = await trackedLink(stored);
      const response = await new HttpClient(app.url).get(`/t/${id}`);
      expect({ stored, status: response.status, location: response.headers.get("location") }).toEqual({
        stored,
        status: 404,
        location: null,
      });
      const [row] = await sqlRows<{ click_count: number }>(
        "select click_count from email_click_tracking where tracking_id = $1",
        [id],
      );
      expect({ stored, clicks: row?.click_count }).toEqual({ stored, clicks: 0 });
    }
  });
});

describe("request bodies", () => {
  /** One request on `agent`, answered with its status; fails if no answer comes within 4 seconds. */
  function send(agent: http.Agent, method: string, path: string, body?: string) {
    return new Promise<number>((resolve, reject) => {
      const request = http.request(new URL(path, app.url), { method, agent, timeout: 4_000 }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("timeout", () => request.destroy(new Error(`${method} ${path}: no answer`)));
      request.on("error", reject);
      request.end(body);
    });
  }

  it("answering before a large body was read leaves the keep-alive connection usable", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = JSON.stringify({ pad: "x".repeat(1024 * 1024) });
      expect(await send(agent, "POST", `/api/stores/${randomUUID()}/sync-coupon-usage`, body)).toBe(401);
      expect(await send(agent, "GET", "/api/auth/user")).toBe(401);
    } finally {
      agent.destroy();
    }
  });
});
