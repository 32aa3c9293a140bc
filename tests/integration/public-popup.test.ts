import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { popupConfigs, popupViews, subscribers } from "~/db/schema";
import { updatePreferences } from "~/services/preferences.server";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { TEST_REDIS_URL } from "../support/infra/services";
import { type SinkMessage, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";

let app: AppServer;
let sink: SmtpSink;
let storeId: string;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
const SHOP_ORIGIN = "https://shop.example.com";
const CHECK_INBOX =
  "Please check your inbox and confirm your subscription. Your discount code follows by email.";
const SENT_TO_INBOX = "Your discount code has been sent to your inbox.";

beforeAll(async () => {
  sink = await startSmtpSink();
  owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  app = await startApp({ env: { SUBSCRIBE_LIMIT_PER_IP: "1000", ALLOW_PRIVATE_NETWORK_TARGETS: "true" } });
});
afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

function subscribe(body: unknown, target = storeId, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/public/stores/${target}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SHOP_ORIGIN, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A store whose mail reaches the sink; its owner has double opt-in on or off. */
async function mailingStore(doubleOptIn: boolean): Promise<string> {
  const someone = await createOrganizationWithAdmin();
  await updatePreferences(await actorFor(someone.admin.id), { enableDoubleOptIn: doubleOptIn });
  const id = (await createStoreFor(someone.admin.id)).id;
  await sendStoreMailTo(sink, id);
  return id;
}

const mailTo = (email: string) => (message: SinkMessage) => message.envelopeTo.includes(email);
/** The mail that reached an address, once there are `count` messages. */
const mailsTo = (email: string, count: number) =>
  eventually(
    () => {
      const mails = sink.messages.filter(mailTo(email));
      return mails.length >= count && mails;
    },
    { what: `${count} mails to ${email}` },
  );

/** Follows the link of a confirmation email, as the subscriber's click on its button does. */
async function confirmFrom(message: SinkMessage): Promise<void> {
  const link = /https?:\/\/\S+\/confirm\/[\w.-]+/.exec(message.text ?? "")?.[0] ?? "";
  const confirmed = await fetch(`${app.url}${new URL(link).pathname}`, {
    method: "POST",
    headers: { Origin: app.url },
  });
  expect(confirmed.status).toBe(200);
}

async function subscriberRow(email: string) {
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
  if (!row) throw new Error(`no subscriber ${email}`);
  return row;
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
    });
    expect(config).not.toHaveProperty("discountCode");
    expect(JSON.stringify(config)).not.toContain("WELCOME15");
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

  it("stores a subscription once, whatever the concurrency, and gives the code to the one call that made it", async () => {
    const email = `Race-${Date.now()}@Acme.Example`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        subscribe({ email: index % 2 ? email : email.toLowerCase(), name: "Racer" }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies.filter((body) => body.discountCode === "WELCOME15")).toHaveLength(1);
    expect(bodies.filter((body) => body.message === SENT_TO_INBOX && !("discountCode" in body))).toHaveLength(
      49,
    );
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

  it("pretends to accept a filled honeypot, without the code, and stores nothing", async () => {
    const email = `bot-${Date.now()}@acme.example`;
    const response = await subscribe({ email, name: "Bot", website: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: SENT_TO_INBOX });
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

describe("the discount code with double opt-in", () => {
  it("is not in the answer: the popup asks to confirm, and the code comes by email after confirmation", async () => {
    const optIn = await mailingStore(true);
    const email = `optin-${Date.now()}@acme.example`;
    const response = await subscribe({ email }, optIn);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: CHECK_INBOX });
    const [confirmation] = await mailsTo(email, 1);
    expect(confirmation?.text).not.toContain("WELCOME15");
    if (confirmation) await confirmFrom(confirmation);
    const [, welcome] = await mailsTo(email, 2);
    expect(welcome?.text).toContain("WELCOME15");
  });
});

describe("an address already on the list", () => {
  it("never gets its code in the answer: the code goes to its inbox again, at most once a day", async () => {
    const store = await mailingStore(false);
    const email = `known-${Date.now()}@acme.example`;
    expect((await (await subscribe({ email }, store)).json()).discountCode).toBe("WELCOME15");
    await mailsTo(email, 1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const again = await subscribe({ email: email.toUpperCase() }, store);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ message: SENT_TO_INBOX });
    }
    const [first, copy] = await mailsTo(email, 2);
    expect(copy?.text).toContain("WELCOME15");
    expect(copy?.messageId).not.toBe(first?.messageId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter(mailTo(email))).toHaveLength(2);
  });

  it("once unsubscribed, is active again only with a new consent record from this submission", async () => {
    const store = await mailingStore(false);
    const email = `returning-${Date.now()}@acme.example`;
    await subscribe({ email, pageUrl: "https://shop.example.com/old" }, store, {
      "User-Agent": "Old Browser",
    });
    await testDb()
      .update(subscribers)
      .set({ isActive: false, unsubscribedAt: sql`now()` })
      .where(eq(subscribers.email, email));
    const before = await subscriberRow(email);

    const again = await subscribe({ email, pageUrl: "https://shop.example.com/new" }, store, {
      "User-Agent": "New Browser",
    });
    expect(await again.json()).toEqual({ message: SENT_TO_INBOX });
    const after = await subscriberRow(email);
    expect(after).toMatchObject({
      isActive: true,
      unsubscribedAt: null,
      consentPageUrl: "https://shop.example.com/new",
      consentUserAgent: "New Browser",
    });
    expect(after.consentedAt.getTime()).toBeGreaterThan(before.consentedAt.getTime());
  });

  it("once unsubscribed, with double opt-in, stays inactive until the subscriber confirms again", async () => {
    const store = await mailingStore(true);
    const email = `reconfirm-${Date.now()}@acme.example`;
    await subscribe({ email }, store);
    const [confirmation] = await mailsTo(email, 1);
    if (confirmation) await confirmFrom(confirmation);
    await mailsTo(email, 2);
    await testDb()
      .update(subscribers)
      .set({ isActive: false, unsubscribedAt: sql`now()` })
      .where(eq(subscribers.email, email));

    const again = await subscribe({ email, pageUrl: "https://shop.example.com/back" }, store);
    expect(await again.json()).toEqual({ message: CHECK_INBOX });
    expect(await subscriberRow(email)).toMatchObject({
      isActive: false,
      confirmedAt: null,
      consentPageUrl: "https://shop.example.com/back",
    });
    const [, , reconfirmation] = await mailsTo(email, 3);
    expect(reconfirmation?.subject).toMatch(/^Please confirm your subscription/);
    if (reconfirmation) await confirmFrom(reconfirmation);
    expect(await subscriberRow(email)).toMatchObject({ isActive: true, unsubscribedAt: null });
    const [, , , welcome] = await mailsTo(email, 4);
    expect(welcome?.text).toContain("WELCOME15");
  });

  it("once unsubscribed, with double opt-in, can end the renewed confirmation request from its email", async () => {
    const store = await mailingStore(true);
    const email = `renounce-${Date.now()}@acme.example`;
    await subscribe({ email }, store);
    await mailsTo(email, 1);
    await testDb()
      .update(subscribers)
      .set({ isActive: false, unsubscribedAt: sql`now()` })
      .where(eq(subscribers.email, email));
    await subscribe({ email }, store);
    const [, request] = await mailsTo(email, 2);
    const header = request?.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    const unsubscribeUrl = /<(https?:\/\/[^>]+)>/.exec(header)?.[1] ?? "";
    expect((await fetch(`${app.url}${new URL(unsubscribeUrl).pathname}`, { method: "POST" })).status).toBe(
      200,
    );
    const row = await subscriberRow(email);
    expect(row.isActive).toBe(false);
    expect(row.unsubscribedAt?.getTime()).toBeGreaterThanOrEqual(row.consentedAt.getTime());
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

describe("impressions per address", () => {
  it("count the first ones of each address per store and day; the rest answer 204 uncounted", async () => {
    const capped = await startApp({
      env: { REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: "1", IMPRESSIONS_COUNTED_PER_IP_PER_DAY: "3" },
    });
    try {
      const viewed = (await createStoreFor(owner.admin.id)).id;
      const view = (ip: string) =>
        fetch(`${capped.url}/api/public/stores/${viewed}/impressions`, {
          method: "POST",
          headers: { "X-Forwarded-For": ip },
          body: "{}",
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await view("10.0.7.1")).status);
      statuses.push((await view("10.0.7.2")).status);
      expect(statuses).toEqual(Array(7).fill(204));
      const rows = await testDb().select().from(popupViews).where(eq(popupViews.storeId, viewed));
      expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(4);
    } finally {
      await capped.stop();
    }
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
