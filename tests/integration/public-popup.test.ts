import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { popupConfigs, popupViews, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/actors";
import { type AppServer, startApp } from "../support/app-server";
import { testDb } from "../support/db";
import { createOrganizationWithAdmin } from "../support/fixtures";
import { HttpClient } from "../support/http";

let app: AppServer;
let storeId: string;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
const SHOP_ORIGIN = "https://shop.example.com";

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  app = await startApp({ env: { SUBSCRIBE_LIMIT_PER_IP: "1000" } });
});
afterAll(async () => {
  await app?.stop();
});

function subscribe(body: unknown, target = storeId) {
  return fetch(`${app.url}/api/public/stores/${target}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SHOP_ORIGIN },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("GET /api/public/stores/:id/popup", () => {
  it("answers any origin with only what the storefront needs", async () => {
    const response = await fetch(`${app.url}/api/public/stores/${storeId}/popup`, {
      headers: { Origin: SHOP_ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const config = (await response.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      storeId,
      title: "LOOKING FOR EXCLUSIVE OFFERS?",
      buttonText: "SUBMIT",
      discountCode: "WELCOME15",
    });
    expect(config).not.toHaveProperty("id");
    expect(config).not.toHaveProperty("isActive");
  });

  it("answers a CORS preflight", async () => {
    const response = await fetch(`${app.url}/api/public/stores/${storeId}/subscribe`, {
      method: "OPTIONS",
      headers: {
        Origin: SHOP_ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
  });

  it("answers 404 for an unknown store, a malformed id and an inactive popup", async () => {
    const inactive = await createStoreFor((await createOrganizationWithAdmin()).admin.id);
    await testDb().update(popupConfigs).set({ isActive: false }).where(eq(popupConfigs.storeId, inactive.id));
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", inactive.id]) {
      expect((await fetch(`${app.url}/api/public/stores/${id}/popup`)).status).toBe(404);
      expect((await subscribe({ email: "a@acme.example" }, id)).status).toBe(404);
    }
  });
});

describe("POST /api/public/stores/:id/subscribe", () => {
  it.each([
    [{}, "email", "Email address is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [
      { email: "someone@mailinator.com" },
      "email",
      "Temporary email addresses are not allowed. Please use your permanent email.",
    ],
    [{ email: "someone@gmail.com" }, "email", "Please use your company email address."],
  ])("refuses %j with the popup's own message", async (body, field, message) => {
    const response = await subscribe(body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it("requires a name when the name field is on, and an approved domain when a list is set", async () => {
    const builder = new HttpClient(app.url);
    await builder.login(owner.email, owner.password);
    const saved = await builder.put(`/api/stores/${storeId}/popup`, {
      fields: { name: true },
      emailValidation: { allowedDomains: "acme.example, , ", blockedDomains: "" },
    });
    expect(saved.body).toMatchObject({
      emailValidation: { companyEmailsOnly: true, allowedDomains: ["acme.example"], blockedDomains: [] },
    });
    const noName = await subscribe({ email: "jo@acme.example" });
    expect(await noName.json()).toMatchObject({ errors: { name: "Name is required" } });
    const otherDomain = await subscribe({ email: "jo@other.example", name: "Jo" });
    expect(await otherDomain.json()).toMatchObject({
      errors: { email: "Please use an approved company email domain." },
    });
    expect((await subscribe({ email: "jo@acme.example", name: "Jo" })).status).toBe(200);
  });

  it("stores a subscription once, whatever the concurrency, and answers every call with the same code", async () => {
    const email = `Race-${Date.now()}@Acme.Example`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        subscribe({ email: index % 2 ? email : email.toLowerCase(), name: "Racer" }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const codes = new Set(
      await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { discountCode: string }).discountCode),
      ),
    );
    expect([...codes]).toEqual(["WELCOME15"]);
    const rows = await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
    expect(rows.filter((row) => row.email.toLowerCase() === email.toLowerCase())).toHaveLength(1);
  });

  it("records consent: page, IP, user agent and time; strips control characters from names", async () => {
    const email = `consent-${Date.now()}@acme.example`;
    const response = await subscribe({
      email,
      name: "Eve\r\nBcc: victim@example.com",
      pageUrl: "https://shop.example.com/p/1",
    });
    expect(response.status).toBe(200);
    const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
    expect(row).toMatchObject({
      consentPageUrl: "https://shop.example.com/p/1",
      consentIp: expect.stringContaining("127.0.0.1"),
      source: "popup",
    });
    expect(row?.consentUserAgent).toBeTruthy();
    expect(row?.name).not.toMatch(/[\r\n]/);
  });

  it("pretends to accept a filled honeypot and stores nothing", async () => {
    const email = `bot-${Date.now()}@acme.example`;
    const response = await subscribe({ email, name: "Bot", website: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(await testDb().select().from(subscribers).where(eq(subscribers.email, email))).toHaveLength(0);
  });

  it("answers malformed JSON and odd types with 4xx, never 5xx", async () => {
    for (const body of [
      "{not json",
      "[]",
      '{"email":42}',
      '{"email":["a@b.c"]}',
      JSON.stringify({ email: "x".repeat(20_000) }),
    ]) {
      const response = await subscribe(body);
      expect(response.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status, body.slice(0, 40)).toBeLessThan(500);
    }
  });
});

describe("POST /api/public/stores/:id/impressions", () => {
  it("counts views per day, feeding the conversion rate", async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${app.url}/api/public/stores/${storeId}/impressions`, {
        method: "POST",
        body: "{}",
      });
      expect(response.status).toBe(204);
    }
    const rows = await testDb().select().from(popupViews).where(eq(popupViews.storeId, storeId));
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(3);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After once an address sends too many subscriptions", async () => {
    const limited = await startApp({ env: { SUBSCRIBE_LIMIT_PER_IP: "3" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await fetch(`${limited.url}/api/public/stores/${storeId}/subscribe`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: `limit-${i}@acme.example`, name: "L" }),
        });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.stop();
    }
  });
});
