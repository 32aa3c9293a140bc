import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stores, subscribers } from "~/db/schema";
import { encryptSecret } from "~/server/crypto.server";
import { subscriberToken } from "~/services/email/links.server";
import { subscribingPopup } from "~/services/popups/public-popups.server";
import { setConsentSync } from "~/services/shopify/consent-sync.server";
import { issueChallenge, meetsLimit, passesBotCheck } from "~/services/subscribers/bot-check.server";
import { subscribe } from "~/services/subscribers/subscribe.server";
import { confirmSubscription, unsubscribe } from "~/services/subscribers/unsubscribe.server";
import { drainInProcessJobs } from "../../jobs/client";
import { FAKE_SHOP } from "../../mocks/shopify";
import { SUBSCRIBE_ANSWERS } from "../../popup/config";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { botProof, solveChallenge } from "../support/builders/bot-check";
import { fakeShopSuite } from "../support/builders/fake-shop-suite";
import { uniqueEmail } from "../support/builders/fixtures";
import { welcomeAnswer } from "../support/builders/subscribe-answers";
import { testDb } from "../support/infra/db";

const suite = fakeShopSuite();
const { shop, calls } = suite;

/** A store connected to the fake shop (a token it already had), with consent sync on. */
async function shopifyStore(): Promise<string> {
  const store = await createStoreFor(suite.owner.admin.id);
  await testDb()
    .update(stores)
    .set({
      isConnected: true,
      integrationType: "shopify",
      shopifyUrl: `https://${FAKE_SHOP.domain}`,
      shopifyAccessToken: encryptSecret(FAKE_SHOP.accessToken),
    })
    .where(eq(stores.id, store.id));
  await setConsentSync(await actorFor(suite.owner.admin.id), store.id, true);
  await drainInProcessJobs();
  calls.length = 0;
  return store.id;
}

async function subscribeTo(storeId: string, email: string, proof?: string) {
  const popup = await subscribingPopup(storeId);
  if (!popup) throw new Error("no popup");
  const answer = await subscribe(popup, { email, proof }, { ip: "127.0.0.1", userAgent: "test" });
  await drainInProcessJobs();
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
  if (!row) throw new Error("not subscribed");
  return { answer, row };
}

const customerWithEmail = (email: string) =>
  [...(shop.customers?.values() ?? [])].find((customer) => customer.email === email);

describe("a Shopify store's subscription without the bot check", () => {
  it("writes nothing to Shopify until the address is confirmed, then makes the code and the customer", async () => {
    const storeId = await shopifyStore();
    const email = uniqueEmail("unchecked");
    const { answer, row } = await subscribeTo(storeId, email);

    expect(answer).toEqual({ message: SUBSCRIBE_ANSWERS.confirm });
    expect(row).toMatchObject({
      confirmationRequired: true,
      confirmedAt: null,
      discountCodeSent: "WELCOME15",
    });
    expect(calls).toEqual([]); // not a write, not even a read
    expect(customerWithEmail(email)).toBeUndefined();

    await confirmSubscription(subscriberToken("confirm", row.id));
    await drainInProcessJobs();
    const [confirmed] = await testDb().select().from(subscribers).where(eq(subscribers.id, row.id));
    expect(confirmed?.discountCodeSent).toMatch(/^WELCOME15-/);
    expect(shop.discounts?.has(confirmed?.discountCodeSent ?? "")).toBe(true);
    expect(customerWithEmail(email)?.emailMarketingConsent).toMatchObject({
      marketingState: "SUBSCRIBED",
      marketingOptInLevel: "CONFIRMED_OPT_IN",
    });
  });

  it("passes with a proof: the code at once and the customer subscribed, as before", async () => {
    const storeId = await shopifyStore();
    const email = uniqueEmail("checked");
    const { answer, row } = await subscribeTo(storeId, email, botProof(storeId));

    expect(answer.discountCode).toMatch(/^WELCOME15-/);
    expect(row.confirmationRequired).toBe(false);
    expect(shop.discounts?.has(answer.discountCode ?? "")).toBe(true);
    expect(customerWithEmail(email)?.emailMarketingConsent?.marketingState).toBe("SUBSCRIBED");
  });

  it("asks a renewed subscriber to confirm before their consent goes back to Shopify", async () => {
    const storeId = await shopifyStore();
    const email = uniqueEmail("renewed");
    const { row } = await subscribeTo(storeId, email, botProof(storeId));
    await unsubscribe(subscriberToken("unsubscribe", row.id));
    await drainInProcessJobs();
    expect(customerWithEmail(email)?.emailMarketingConsent?.marketingState).toBe("UNSUBSCRIBED");
    calls.length = 0;

    const again = await subscribeTo(storeId, email);
    expect(again.answer).toEqual({ message: SUBSCRIBE_ANSWERS.confirm });
    expect(again.row).toMatchObject({ isActive: false, confirmationRequired: true });
    expect(calls).toEqual([]); // not a write, not even a read
    expect(customerWithEmail(email)?.emailMarketingConsent?.marketingState).toBe("UNSUBSCRIBED");
  });

  it("counts a proof once: the same proof a second time is no proof", async () => {
    const storeId = await shopifyStore();
    const proof = botProof(storeId);
    const first = await subscribeTo(storeId, uniqueEmail("first"), proof);
    const replayed = await subscribeTo(storeId, uniqueEmail("replayed"), proof);
    expect(first.answer.discountCode).toMatch(/^WELCOME15-/);
    expect(replayed.answer).toEqual({ message: SUBSCRIBE_ANSWERS.confirm });
  });

  it("does not read (or use up) the proof of a store that has no Shopify connection", async () => {
    const store = await createStoreFor(suite.owner.admin.id);
    const { answer, row } = await subscribeTo(store.id, uniqueEmail("plain"));
    expect(answer).toEqual(welcomeAnswer());
    expect(row.confirmationRequired).toBe(false);
  });
});

describe("the bot check's proof", () => {
  const storeId = "00000000-0000-4000-8000-000000000001";

  it("is refused for another store, after it expires, without the work, or malformed", async () => {
    expect(await passesBotCheck("00000000-0000-4000-8000-000000000002", botProof(storeId))).toBe(false);
    const expired = solveChallenge(issueChallenge(storeId, Date.now() - 31 * 60_000));
    expect(await passesBotCheck(storeId, expired)).toBe(false);
    const { challenge, limit } = issueChallenge(storeId);
    const lazy = Array.from({ length: 10 }, (_, number) => `${challenge}.${number}`).find(
      (proof) => !meetsLimit(proof, limit),
    );
    expect(await passesBotCheck(storeId, lazy)).toBe(false);
    const forged = botProof(storeId).replace(/\.[0-9a-f]{32}\./, `.${"0".repeat(32)}.`);
    expect(await passesBotCheck(storeId, forged)).toBe(false);
    for (const malformed of [undefined, "", "x", 42, `${"9".repeat(13)}.a.b.1`, `${botProof(storeId)}.1`]) {
      expect(await passesBotCheck(storeId, malformed)).toBe(false);
    }
  });

  it("is accepted once when it is the store's, current and worked", async () => {
    const proof = botProof(storeId);
    expect(await passesBotCheck(storeId, proof)).toBe(true);
    expect(await passesBotCheck(storeId, proof)).toBe(false);
  });
});
