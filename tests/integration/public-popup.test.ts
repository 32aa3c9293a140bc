import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { popupConfigs, popupVariantDays, popupViews, stores, subscribers } from "~/db/schema";
import { updatePreferences } from "~/services/notifications/preferences.server";
import { popupStats } from "~/services/popups/stats.server";
import { defaultPopupFields } from "../../popup/config";
import { defaultPopupSteps } from "../../popup/steps";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { editAndPublish } from "../support/builders/published-popup";
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
  // SPEC's company-addresses-only popup, which this file's storefront rules are tried on (new stores accept
  // every address unless the merchant chooses businesses: docs/decisions/211).
  const builder = new HttpClient(app.url);
  await builder.login(owner.email, owner.password);
  await editAndPublish(builder, storeId, { emailValidation: { companyEmailsOnly: true } });
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
    expect(config.id).toEqual(expect.any(String));
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
    await testDb()
      .update(popupConfigs)
      .set({ status: "paused" })
      .where(eq(popupConfigs.storeId, inactive.id));
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

  it("has an ETag and a CDN lifetime: a revalidation answers 304 until the merchant changes the popup", async () => {
    const fresh = (await createStoreFor(owner.admin.id)).id;
    const config = (headers: Record<string, string> = {}) =>
      fetch(`${app.url}/api/public/stores/${fresh}/popups`, { headers });
    const first = await config();
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=30, s-maxage=30, stale-while-revalidate=30",
    );
    const again = await config({ "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const builder = new HttpClient(app.url);
    await builder.login(owner.email, owner.password);
    expect((await editAndPublish(builder, fresh, { title: "A changed title" })).status).toBe(200);
    const changed = await config({ "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(JSON.stringify(await changed.json())).toContain("A changed title");
  });

  it("requires a name when the name field is on, and an approved domain when a list is set", async () => {
    const builder = new HttpClient(app.url);
    await builder.login(owner.email, owner.password);
    const saved = await editAndPublish(builder, storeId, {
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

  it("stores the postal address the shopper typed, and none when the popup does not ask for it", async () => {
    const builder = new HttpClient(app.url);
    await builder.login(owner.email, owner.password);
    await editAndPublish(builder, storeId, { fields: { address: true } });
    const typed = `postal-${Date.now()}@acme.example`;
    expect((await subscribe({ email: typed, name: "Jo", address: "1 Harbour Road, Leith" })).status).toBe(
      200,
    );
    expect((await subscriberRow(typed))?.address).toBe("1 Harbour Road, Leith");
    await editAndPublish(builder, storeId, { fields: { address: false } });
    const notAsked = `unasked-${Date.now()}@acme.example`;
    expect((await subscribe({ email: notAsked, name: "Jo", address: "2 Shore Street" })).status).toBe(200);
    expect((await subscriberRow(notAsked))?.address).toBeNull();
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
  it("count the first ones of each address per store (and visitors per popup) and day; the rest uncounted", async () => {
    const capped = await startApp({
      env: {
        REDIS_URL: TEST_REDIS_URL,
        TRUST_PROXY: "1",
        IMPRESSIONS_COUNTED_PER_IP_PER_DAY: "3",
        AB_IMPRESSIONS_COUNTED_PER_IP_PER_DAY: "3",
      },
    });
    try {
      const viewed = (await createStoreFor(owner.admin.id)).id;
      const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, viewed));
      const view = (ip: string, sessionId: string) =>
        fetch(`${capped.url}/api/public/stores/${viewed}/impressions`, {
          method: "POST",
          headers: { "X-Forwarded-For": ip },
          body: JSON.stringify({ popupId: popup?.id, variantId: "control", sessionId }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await view("10.0.7.1", `visitor-${i}`)).status);
      statuses.push((await view("10.0.7.2", "visitor-elsewhere")).status);
      // A counted view answers its token (200); the others have nothing to say.
      expect(statuses).toEqual([200, 200, 200, 204, 204, 204, 200]);
      const rows = await testDb().select().from(popupViews).where(eq(popupViews.storeId, viewed));
      expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(4);
      const variantRows = await testDb()
        .select()
        .from(popupVariantDays)
        .where(eq(popupVariantDays.popupId, popup?.id ?? ""));
      expect(variantRows).toMatchObject([{ variantId: "control", impressions: 4, impressionsNotCounted: 3 }]);
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

describe("a store with several popups", () => {
  let store: string;
  let first: string;
  let products: string;
  let paused: string;
  /** The token of the counted view of variant b, for the subscription that follows it. */
  let viewToken = "";
  const imageId = "5b0c3c1e-8f43-4a52-9d5e-2f1a6c7d8e90";

  /** Rows written before the store's first public request: nothing is cached for it yet. */
  beforeAll(async () => {
    store = (await createStoreFor(owner.admin.id)).id;
    const [existing] = await testDb()
      .update(popupConfigs)
      .set({ priority: 2, createdAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(popupConfigs.storeId, store))
      .returning();
    first = existing?.id ?? "";
    const [second, third] = await testDb()
      .insert(popupConfigs)
      .values([
        {
          storeId: store,
          name: "Products",
          priority: 1,
          title: "Products popup",
          discountCode: "SECOND20",
          fields: { ...defaultPopupFields, name: true },
          targeting: {
            pages: { include: ["/products/*"], exclude: [] },
            devices: { desktop: true, mobile: false },
            visitors: "all",
            sources: [],
            startsAt: null,
            endsAt: null,
          },
          design: {
            backgroundColor: "#0f172a",
            textColor: "#f8fafc",
            buttonColor: "#f59e0b",
            buttonTextColor: "#111827",
            overlayColor: "#000000",
            overlayOpacity: 40,
            cornerRadius: 4,
            font: "theme",
            imageId,
            position: "corner",
            teaser: { enabled: true, text: "20% off" },
          },
          variants: [
            { id: "control", name: "A", weight: 50, overrides: {} },
            { id: "b", name: "B", weight: 50, overrides: { title: "B title", design: { imageId: null } } },
          ],
          createdAt: new Date("2026-02-01T00:00:00Z"),
          status: "live",
        },
        {
          storeId: store,
          name: "Paused",
          priority: 1,
          discountCode: "PAUSED50",
          status: "paused",
          createdAt: new Date("2026-03-01T00:00:00Z"),
        },
      ])
      .returning();
    products = second?.id ?? "";
    paused = third?.id ?? "";
  });

  const popups = () =>
    fetch(`${app.url}/api/public/stores/${store}/popups`, { headers: { Origin: SHOP_ORIGIN } });
  const impression = (body: string) =>
    fetch(`${app.url}/api/public/stores/${store}/impressions`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body,
    });
  const variantDays = async (popupId: string) =>
    testDb().select().from(popupVariantDays).where(eq(popupVariantDays.popupId, popupId));

  it("lists the active popups priority first, with rules, design and variants, and never a code", async () => {
    const response = await popups();
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=30, s-maxage=30, stale-while-revalidate=30",
    );
    const body = (await response.json()) as { storeId: string; popups: Record<string, unknown>[] };
    expect(body.storeId).toBe(store);
    expect(body.popups.map((popup) => popup.id)).toEqual([products, first]);
    expect(body.popups[0]).toMatchObject({
      title: "Products popup",
      priority: 1,
      targeting: {
        pages: { include: ["/products/*"], exclude: [] },
        devices: { desktop: true, mobile: false },
      },
      design: { position: "corner", imageUrl: `/api/public/images/${imageId}`, teaser: { enabled: true } },
      variants: [
        { id: "control", weight: 50 },
        { id: "b", weight: 50, title: "B title", design: { imageUrl: null } },
      ],
    });
    const text = JSON.stringify(body);
    for (const secret of ["SECOND20", "WELCOME15", "PAUSED50", "discountCode", "imageId", "isActive"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(paused);
  });

  it("keeps /popup on the store's oldest popup", async () => {
    const config = (await (await fetch(`${app.url}/api/public/stores/${store}/popup`)).json()) as {
      id: string;
    };
    expect(config.id).toBe(first);
  });

  it("answers 404 for an unknown store or one with no active popup; /popup skips a paused oldest popup", async () => {
    const someone = await createStoreFor(owner.admin.id);
    await testDb().update(popupConfigs).set({ status: "paused" }).where(eq(popupConfigs.storeId, someone.id));
    const [later] = await testDb()
      .insert(popupConfigs)
      .values({ storeId: someone.id, name: "Later", status: "live" })
      .returning();
    const oldestLive = await fetch(`${app.url}/api/public/stores/${someone.id}/popup`);
    expect(((await oldestLive.json()) as { id: string }).id).toBe(later?.id);
    expect((await fetch(`${app.url}/api/public/stores/${someone.id}/popups`)).status).toBe(200);
    const none = await createStoreFor(owner.admin.id);
    await testDb().update(popupConfigs).set({ status: "paused" }).where(eq(popupConfigs.storeId, none.id));
    for (const id of [none.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await fetch(`${app.url}/api/public/stores/${id}/popups`)).status).toBe(404);
    }
  });

  it("counts an impression for the store and for the popup's variant, once per visitor, popup and day", async () => {
    const viewed = await impression(
      JSON.stringify({ popupId: products, variantId: "b", sessionId: "visitor-b" }),
    );
    expect(viewed.status).toBe(200);
    viewToken = ((await viewed.json()) as { viewToken: string }).viewToken;
    expect(
      (await impression(JSON.stringify({ popupId: products, variantId: "b", sessionId: "visitor-b" })))
        .status,
    ).toBe(200);
    expect(
      (await impression(JSON.stringify({ popupId: first, variantId: "control", sessionId: "visitor-b" })))
        .status,
    ).toBe(200);
    const [bDay] = await variantDays(products);
    expect(bDay).toMatchObject({ variantId: "b", impressions: 1, subscribers: 0 });
    expect(bDay?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(await variantDays(first)).toMatchObject([{ variantId: "control", impressions: 1 }]);
    const views = await testDb().select().from(popupViews).where(eq(popupViews.storeId, store));
    expect(views.reduce((sum, row) => sum + row.views, 0)).toBe(3);
  });

  it("counts junk impressions for the store only, never with a 5xx", async () => {
    for (const body of [
      "",
      "{not json",
      "[]",
      '"text"',
      "null",
      JSON.stringify({ popupId: "zzz", variantId: "b" }),
      JSON.stringify({ popupId: products, variantId: "nope" }),
      JSON.stringify({ popupId: paused, variantId: "control" }),
      JSON.stringify({ popupId: { $ne: 1 }, variantId: ["b"] }),
      JSON.stringify({ popupId: products, variantId: "b", pad: "x".repeat(20_000) }),
      JSON.stringify({ popupId: products, variantId: "b", sessionId: "not a visitor id" }),
    ]) {
      expect((await impression(body)).status, body.slice(0, 40)).toBe(204);
    }
    // A known variant without a valid visitor id is shown as not counted.
    expect(await variantDays(products)).toMatchObject([
      { variantId: "b", impressions: 1, impressionsNotCounted: 1 },
    ]);
    expect(await variantDays(paused)).toEqual([]);
  });

  it("validates a subscription with the rules of the popup it came from and answers with its code", async () => {
    const email = `second-${Date.now()}@acme.example`;
    const noName = await subscribe({ email, popupId: products, variantId: "b" }, store);
    expect(noName.status).toBe(422);
    expect(await noName.json()).toMatchObject({ errors: { name: "Name is required" } });
    const seen = { popupId: products, variantId: "b", sessionId: "visitor-b", viewToken };
    const accepted = await subscribe({ email, name: "Jo", ...seen }, store);
    expect(await accepted.json()).toMatchObject({ discountCode: "SECOND20" });
    expect(await subscriberRow(email)).toMatchObject({
      popupId: products,
      variantId: "b",
      discountCodeSent: "SECOND20",
    });
    const again = await subscribe({ email, name: "Jo", ...seen }, store);
    expect(again.status).toBe(200);
    expect(await variantDays(products)).toMatchObject([{ variantId: "b", impressions: 1, subscribers: 1 }]);
    // Without the view token the person subscribes all the same, and is shown as not counted.
    const unseen = `unseen-${Date.now()}@acme.example`;
    expect(
      (await subscribe({ email: unseen, name: "Un", popupId: products, variantId: "b" }, store)).status,
    ).toBe(200);
    expect(await subscriberRow(unseen)).toMatchObject({ popupId: products, variantId: "b" });
    expect(await variantDays(products)).toMatchObject([
      { variantId: "b", subscribers: 1, subscribersNotCounted: 1 },
    ]);
  });

  it("follows the store's first popup without a popupId or with an unknown one, and keeps only a known variant", async () => {
    const plain = `plain-${Date.now()}@acme.example`;
    expect(await (await subscribe({ email: plain }, store)).json()).toMatchObject({
      discountCode: "WELCOME15",
    });
    expect(await subscriberRow(plain)).toMatchObject({ popupId: first, variantId: null });
    const unknown = `unknown-${Date.now()}@acme.example`;
    const answer = await subscribe({ email: unknown, popupId: "zzz", variantId: "b" }, store);
    expect(await answer.json()).toMatchObject({ discountCode: "WELCOME15" });
    expect(await subscriberRow(unknown)).toMatchObject({ popupId: first, variantId: null });
    const odd = `odd-variant-${Date.now()}@acme.example`;
    await subscribe({ email: odd, name: "Od", popupId: products, variantId: "gone" }, store);
    expect(await subscriberRow(odd)).toMatchObject({ popupId: products, variantId: null });
    expect(await variantDays(products)).toMatchObject([{ variantId: "b", subscribers: 1 }]);
  });

  it("answers 422 for a paused popup and 4xx for odd ids", async () => {
    const response = await subscribe({ email: `paused-${Date.now()}@acme.example`, popupId: paused }, store);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: "This popup is not running" });
    for (const body of [
      { email: "a@acme.example", popupId: 42 },
      { email: "a@acme.example", variantId: "x".repeat(100) },
    ]) {
      const odd = await subscribe(body, store);
      expect(odd.status).toBeGreaterThanOrEqual(400);
      expect(odd.status).toBeLessThan(500);
    }
  });
});

describe("a popup in several languages", () => {
  let store: string;
  let popupId: string;
  const german = {
    code: "de",
    texts: {
      title: "Exklusive Angebote?",
      buttonText: "ANMELDEN",
      consentText: "Du erhältst E-Mails von [STORE_NAME].",
      emailSubject: "Willkommen! Hier sind deine [DISCOUNT_PERCENT] % Rabatt",
    },
  };

  beforeAll(async () => {
    const merchant = await createOrganizationWithAdmin();
    store = (await createStoreFor(merchant.admin.id)).id;
    await sendStoreMailTo(sink, store);
    const builder = new HttpClient(app.url);
    await builder.login(merchant.email, merchant.password);
    const [popup] = (await builder.get<{ popups: { id: string }[] }>(`/api/stores/${store}/popups`)).body
      .popups;
    popupId = popup?.id ?? "";
    const saved = await builder.put<{ languages: unknown }>(`/api/stores/${store}/popups/${popupId}`, {
      languages: [{ code: "en", texts: {} }, german, { code: "FR", texts: { title: "  " } }],
      emailValidation: { companyEmailsOnly: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.languages).toEqual([{ code: "en", texts: {} }, german, { code: "fr", texts: {} }]);
    expect(
      (await builder.get<{ languages: unknown }>(`/api/stores/${store}/popups/${popupId}`)).body.languages,
    ).toEqual(saved.body.languages);
    expect((await builder.put(`/api/stores/${store}/popups/${popupId}/publish`)).status).toBe(200);
  });

  it("sends each language's texts in the public config, built-in ones included, the welcome email's not", async () => {
    const { popups } = await (await fetch(`${app.url}/api/public/stores/${store}/popups`)).json();
    const [english, deutsch, french] = popups[0].languages;
    expect(english).toEqual({ code: "en", texts: {} });
    expect(deutsch.texts).toMatchObject({
      title: "Exklusive Angebote?",
      consentText: expect.stringMatching(/^Du erhältst E-Mails von .+\.$/),
      emailInvalid: "Bitte gib eine gültige E-Mail-Adresse ein",
      thanks: "Danke für deine Anmeldung!",
    });
    expect(deutsch.texts).not.toHaveProperty("emailSubject");
    expect(french.texts).not.toHaveProperty("title");
    expect(french.texts.emailLabel).toBe("Adresse e-mail");
  });

  it("answers a subscription's refusal in its language", async () => {
    const refused = await subscribe({ email: "nope", popupId, language: "de" }, store);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      errors: { email: "Bitte gib eine gültige E-Mail-Adresse ein" },
    });
  });

  it("stores the subscriber's language and sends the welcome email in it, else in the default", async () => {
    const german = `sprache-${Date.now()}@acme.example`;
    const unknown = `langue-${Date.now()}@acme.example`;
    const answer = await subscribe({ email: german, popupId, language: "de" }, store);
    expect(await answer.json()).toMatchObject({ message: "Danke für deine Anmeldung!" });
    await subscribe({ email: unknown, popupId, language: "xx" }, store);
    expect((await subscriberRow(german)).language).toBe("de");
    expect((await subscriberRow(unknown)).language).toBeNull();
    const [welcome] = await mailsTo(german, 1);
    expect(welcome?.subject).toBe("Willkommen! Hier sind deine 15 % Rabatt");
    const [inDefault] = await mailsTo(unknown, 1);
    expect(inDefault?.subject).toBe("Thank you for subscribing! Here is your 15% discount");
  });

  it("gives the code with its conditions in the shopper's language, and the welcome email says them under it", async () => {
    const email = `bedingungen-${Date.now()}@acme.example`;
    const answer = await (await subscribe({ email, popupId, language: "de" }, store)).json();
    // The code works 30 days from the subscription (the popup's default), once per customer.
    const lastDay = new Intl.DateTimeFormat("de", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date((await subscriberRow(email)).subscribedAt.getTime() + 30 * 24 * 3600 * 1000));
    const conditions = `Gültig bis ${lastDay}. Einmal pro Kunde einlösbar.`;
    expect(answer).toMatchObject({ discountCode: "WELCOME15", conditions });
    const [welcome] = await mailsTo(email, 1);
    expect(welcome?.text?.replace(/\s%/g, " %")).toContain(
      `Dein Rabattcode über 15 %: WELCOME15\n${conditions}`,
    );
    expect(welcome?.html).toContain(conditions);
  });
});

describe("an offer and the double opt-in in the subscriber's language", () => {
  let store: string;
  let popupId: string;

  beforeAll(async () => {
    store = await mailingStore(true);
    await testDb().update(stores).set({ currency: "EUR" }).where(eq(stores.id, store));
    const [popup] = await testDb()
      .update(popupConfigs)
      .set({
        offerKind: "free-shipping",
        minimumSubtotal: 50,
        emailValidation: { companyEmailsOnly: false, allowedDomains: [], blockedDomains: [] },
        languages: [
          { code: "en", texts: {} },
          { code: "de", texts: { title: "Hol dir [OFFER]!", emailSubject: "Willkommen: [OFFER]" } },
          { code: "fr", texts: {} },
        ],
      })
      .where(eq(popupConfigs.storeId, store))
      .returning();
    popupId = popup?.id ?? "";
  });

  it("carries the offer's words and the success line in each of the popup's languages", async () => {
    const { popups } = await (await fetch(`${app.url}/api/public/stores/${store}/popups`)).json();
    const [english, deutsch, french] = popups[0].languages;
    expect(popups[0].offer.phrase).toBe("free shipping on your order of €50 or more");
    expect(english.texts.useCode).toBe(
      "Use this code at checkout to get free shipping on your order of €50 or more.",
    );
    expect(deutsch.texts.title).toBe("Hol dir Gratisversand!");
    expect(deutsch.texts).toMatchObject({ youWon: "Du hast gewonnen", noPrize: "Diesmal kein Gewinn" });
    expect(deutsch.texts.useCode).toMatch(
      /^Mit diesem Code erhältst du an der Kasse Gratisversand für deine Bestellung ab 50\s€\.$/,
    );
    expect(french.texts.useCode).toMatch(
      /^Utilisez ce code .* la livraison offerte sur votre commande à partir de 50\s€\.$/,
    );
  });

  it("asks a German subscriber to confirm in German, then welcomes them with the offer in German", async () => {
    const email = `bestaetigen-${Date.now()}@acme.example`;
    expect((await subscribe({ email, popupId, language: "de" }, store)).status).toBe(200);
    const [confirmation] = await mailsTo(email, 1);
    expect(confirmation?.subject).toMatch(/^Bitte bestätige deine Anmeldung bei /);
    expect(confirmation?.html).toContain("Anmeldung bestätigen");
    expect(confirmation?.text).toContain(
      "Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach.",
    );
    const link = /https?:\/\/\S+\/confirm\/[\w.-]+/.exec(confirmation?.text ?? "")?.[0] ?? "";
    const asked = await (await fetch(`${app.url}${new URL(link).pathname}`)).text();
    expect(asked).toContain('<html lang="de">');
    expect(asked).toContain("<title>Bestätige deine Anmeldung</title>");
    expect(asked).toContain(`Bestätige, dass ${email} E-Mails von `);
    expect(asked).toContain('<button type="submit">Anmeldung bestätigen</button>');
    if (confirmation) await confirmFrom(confirmation);
    const confirmed = await (await fetch(`${app.url}${new URL(link).pathname}`)).text();
    expect(confirmed).toContain("Danke! Deine Willkommens-E-Mail ist unterwegs.");
    const [, welcome] = await mailsTo(email, 2);
    expect(welcome?.subject).toBe("Willkommen: Gratisversand");
    expect(welcome?.text).toMatch(/Dein Code für Gratisversand: \S+/);
    // The minimum the code asks for, where the code is, in the subscriber's language.
    expect(welcome?.text).toMatch(
      /Dein Code für Gratisversand: \S+\nGilt für Bestellungen ab 50\s€\. Gültig bis \d+\. \p{L}+ \d{4}\. Einmal pro Kunde einlösbar\./u,
    );
    expect(welcome?.html).toMatch(/Gilt für Bestellungen ab 50\s€\./u);
    expect(welcome?.text).toContain("Abmelden: ");
    const leave = /Abmelden: (\S+)/.exec(welcome?.text ?? "")?.[1] ?? "";
    const leavePage = await fetch(`${app.url}${new URL(leave).pathname}`);
    expect(await leavePage.text()).toMatch(/Keine E-Mails mehr von .+ an /);
    const left = await fetch(`${app.url}${new URL(leave).pathname}`, { method: "POST" });
    expect(await left.text()).toContain(`${email} erhält keine weiteren E-Mails von `);
  });

  it("asks a subscriber in the default language in English", async () => {
    const email = `confirm-${Date.now()}@acme.example`;
    await subscribe({ email, popupId, language: "xx" }, store);
    const [confirmation] = await mailsTo(email, 1);
    expect(confirmation?.subject).toMatch(/^Please confirm your subscription to /);
  });
});

describe("a popup with steps (opener, email, extra fields, success)", () => {
  let store: string;
  let popupId: string;
  const steps = {
    opener: { ...defaultPopupSteps.opener, enabled: true, question: "Want 10 % off?" },
    extraFields: {
      ...defaultPopupSteps.extraFields,
      enabled: true,
      fields: { firstName: true, birthday: true, phone: true },
    },
  };

  beforeAll(async () => {
    store = (await createStoreFor(owner.admin.id)).id;
    const [popup] = await testDb()
      .update(popupConfigs)
      .set({
        steps,
        languages: [
          { code: "en", texts: {} },
          { code: "de", texts: { phoneConsentText: "Ich möchte SMS von [STORE_NAME] erhalten." } },
        ],
        variants: [
          { id: "control", name: "A", weight: 50, overrides: {} },
          {
            id: "direct",
            name: "B",
            weight: 50,
            overrides: { steps: { ...steps, opener: defaultPopupSteps.opener } },
          },
        ],
      })
      .where(eq(popupConfigs.storeId, store))
      .returning();
    popupId = popup?.id ?? "";
  });

  const post = (path: string, body: unknown, type = "application/json") =>
    fetch(`${app.url}/api/public/stores/${store}/${path}`, {
      method: "POST",
      headers: { "Content-Type": type, Origin: SHOP_ORIGIN },
      body: JSON.stringify(body),
    });
  const controlDay = async () =>
    (await testDb().select().from(popupVariantDays).where(eq(popupVariantDays.popupId, popupId))).find(
      (row) => row.variantId === "control",
    );

  it("sends the steps in the public config, the variant's own steps with it, the store's name filled in", async () => {
    const body = (await (await fetch(`${app.url}/api/public/stores/${store}/popups`)).json()) as {
      popups: { steps: typeof steps; variants: { id: string; steps?: typeof steps }[] }[];
    };
    const [popup] = body.popups;
    expect(popup?.steps.opener).toMatchObject({ enabled: true, question: "Want 10 % off?" });
    expect(popup?.steps.extraFields.fields).toEqual({ firstName: true, birthday: true, phone: true });
    expect(popup?.steps.extraFields.phoneConsentText).not.toContain("[STORE_NAME]");
    expect(popup?.variants.find(({ id }) => id === "direct")?.steps?.opener.enabled).toBe(false);
  });

  it("counts the opener's yes with the one impression, the email step's continue with the subscription and the extra fields once", async () => {
    const said = await post(
      "impressions",
      { popupId, variantId: "control", sessionId: "opener-yes", opener: "yes" },
      "text/plain",
    );
    const { viewToken } = (await said.json()) as { viewToken: string };
    await post("impressions", { popupId, variantId: "control", sessionId: "opener-left" }, "text/plain");
    expect(await controlDay()).toMatchObject({ impressions: 2, openerContinues: 1 });

    const email = `steps-${Date.now()}@acme.example`;
    const subscribed = await post("subscribe", {
      email,
      popupId,
      variantId: "control",
      sessionId: "opener-yes",
      viewToken,
    });
    const answer = (await subscribed.json()) as { extraFieldsToken?: string };
    expect(answer.extraFieldsToken).toEqual(expect.any(String));

    const wrong = await post("extra-fields", {
      token: answer.extraFieldsToken,
      birthdayDay: "31",
      birthdayMonth: "2",
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { birthday: "Please enter a real day and month" } });
    const noConsent = await post("extra-fields", { token: answer.extraFieldsToken, phone: "+1 555 0100" });
    expect((await noConsent.json()) as object).toMatchObject({
      errors: { phoneConsent: "Tick the box to get text messages, or leave the phone number empty" },
    });

    const extra = {
      firstName: "Ann",
      birthdayDay: "14",
      birthdayMonth: "3",
      phone: "+1 555 0100",
      phoneConsent: true,
    };
    const saved = await post("extra-fields", { token: answer.extraFieldsToken, ...extra });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // The token is spent: sent again, it is refused as an expired one and overwrites nothing.
    const again = await post("extra-fields", {
      token: answer.extraFieldsToken,
      ...extra,
      firstName: "Mallory",
    });
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ message: "This form has expired. Please subscribe again." });
    expect(await subscriberRow(email)).toMatchObject({
      firstName: "Ann",
      birthdayDay: 14,
      birthdayMonth: 3,
      phone: "+1 555 0100",
      phoneConsentedAt: expect.any(Date),
      phoneConsentText: expect.stringContaining("text messages"),
    });
    expect(await controlDay()).toMatchObject({
      impressions: 2,
      openerContinues: 1,
      subscribers: 1,
      extraFieldsContinues: 1,
    });

    const stats = await popupStats(await actorFor(owner.admin.id), store, popupId, { days: 7 });
    expect(stats.variants[0]?.steps).toEqual([
      { step: "opener", views: 2, continues: 1, dropOff: 1, dropOffRate: 0.5 },
      { step: "email", views: 1, continues: 1, dropOff: 0, dropOffRate: 0 },
      { step: "extraFields", views: 1, continues: 1, dropOff: 0, dropOffRate: 0 },
      { step: "success", views: 1, continues: null, dropOff: null, dropOffRate: null },
    ]);
    expect(stats.variants[1]?.steps.map(({ step }) => step)).toEqual(["email", "extraFields", "success"]);
  });

  it("answers the extra fields in the language the popup showed in and records the consent line shown", async () => {
    const email = `steps-de-${Date.now()}@acme.example`;
    const subscribed = await post("subscribe", { email, popupId, variantId: "control", language: "de" });
    const { extraFieldsToken: token } = (await subscribed.json()) as { extraFieldsToken: string };
    const wrong = await post("extra-fields", {
      token,
      birthdayDay: "31",
      birthdayMonth: "2",
      language: "de",
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      message: "Bitte gib einen echten Tag und Monat ein",
      errors: { birthday: "Bitte gib einen echten Tag und Monat ein" },
    });
    const noConsent = await post("extra-fields", { token, phone: "+49 30 1234567", language: "de" });
    expect(await noConsent.json()).toMatchObject({
      errors: { phoneConsent: "Setze das Häkchen, um SMS zu erhalten, oder lass die Telefonnummer leer" },
    });
    const expired = await post("extra-fields", { token: "nonsense", language: "de" });
    expect(await expired.json()).toMatchObject({
      message: "Dieses Formular ist abgelaufen. Bitte melde dich noch einmal an.",
    });

    const saved = await post("extra-fields", {
      token,
      phone: "+49 30 1234567",
      phoneConsent: true,
      language: "de",
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const row = await subscriberRow(email);
    expect(row.language).toBe("de");
    expect(row.phoneConsentText).toMatch(/^Ich möchte SMS von .+ erhalten\.$/);
    expect(row.phoneConsentText).not.toContain("[STORE_NAME]");
  });

  it("takes the fields once when two requests send the same token at the same time", async () => {
    const email = `steps-twice-${Date.now()}@acme.example`;
    const { extraFieldsToken: token } = (await (await post("subscribe", { email, popupId })).json()) as {
      extraFieldsToken: string;
    };
    const names = ["Ann", "Mallory", "Eve"];
    const answers = await Promise.all(names.map((firstName) => post("extra-fields", { token, firstName })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(2);
    expect((await subscriberRow(email)).firstName).toBe(names[statuses.indexOf(200)]);
  });

  it("never lets a client write another subscriber's fields", async () => {
    const email = `steps-other-${Date.now()}@acme.example`;
    const first = (await (await post("subscribe", { email, popupId })).json()) as {
      extraFieldsToken: string;
    };
    // The same address again (anyone who knows it): no token.
    const again = (await (await post("subscribe", { email, popupId })).json()) as {
      extraFieldsToken?: string;
    };
    expect(again.extraFieldsToken).toBeUndefined();
    // A token with another subscriber's id, or for another store, is refused.
    const [, ...rest] = first.extraFieldsToken.split(".");
    const forged = [crypto.randomUUID(), ...rest].join(".");
    for (const token of [forged, "nonsense"]) {
      const refused = await post("extra-fields", { token, firstName: "Mallory" });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        message: "This form has expired. Please subscribe again.",
      });
    }
    const elsewhere = await fetch(`${app.url}/api/public/stores/${storeId}/extra-fields`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: first.extraFieldsToken, firstName: "Mallory" }),
    });
    expect(elsewhere.status).toBe(422);
    expect((await subscriberRow(email)).firstName).toBeNull();
  });
});
