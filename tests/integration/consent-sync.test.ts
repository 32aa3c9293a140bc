import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailSends, stores, subscribers } from "~/db/schema";
import type { WelcomeEmailSender } from "~/lib/schemas/consent-sync";
import { subscriberToken } from "~/services/email/links.server";
import { updatePreferences } from "~/services/notifications/preferences.server";
import { subscribingPopup } from "~/services/popups/public-popups.server";
import { backfillConsent } from "~/services/shopify/consent-backfill.server";
import { setConsentSync } from "~/services/shopify/consent-sync.server";
import { setWelcomeEmailSender } from "~/services/shopify/welcome-sender.server";
import { subscribe } from "~/services/subscribers/subscribe.server";
import { confirmSubscription, unsubscribe } from "~/services/subscribers/unsubscribe.server";
import { drainInProcessJobs } from "../../jobs/client";
import { FAKE_SHOP } from "../../mocks/shopify";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { botProof } from "../support/builders/bot-check";
import { fakeShopSuite } from "../support/builders/fake-shop-suite";
import { createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { connectWithLegacyToken } from "../support/builders/legacy-shopify";
import { testDb } from "../support/infra/db";

const suite = fakeShopSuite();
const { shop, calls } = suite;

const customerCalls = () => calls.filter((call) => /customer/i.test(call.query));

function customerWithEmail(email: string) {
  return [...(shop.customers?.values() ?? [])].find((customer) => customer.email === email);
}

async function connectedStore(userId = suite.owner.admin.id) {
  const store = await createStoreFor(userId);
  await connectWithLegacyToken(await actorFor(userId), store.id, {
    shopifyUrl: "acme-test",
    accessToken: FAKE_SHOP.accessToken,
  });
  return store.id;
}

async function subscribeTo(storeId: string, email = uniqueEmail("shopper")) {
  const popup = await subscribingPopup(storeId);
  if (!popup) throw new Error("no popup");
  await subscribe(popup, { email, proof: botProof(storeId) }, { ip: "127.0.0.1", userAgent: "test" });
  await drainInProcessJobs();
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
  if (!row) throw new Error("not subscribed");
  return row;
}

async function savedCustomerId(subscriberId: string) {
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.id, subscriberId));
  return row?.shopifyCustomerId;
}

describe("consent sync off", () => {
  it("sends nothing to Shopify's customers when the merchant has not turned it on", async () => {
    const storeId = await connectedStore();
    const row = await subscribeTo(storeId);
    await unsubscribe(subscriberToken("unsubscribe", row.id));
    await drainInProcessJobs();
    expect(customerCalls()).toEqual([]);
    expect(customerWithEmail(row.email)).toBeUndefined();
  });

  it("cannot be turned on while the shop has not granted the app its customers (an optional scope)", async () => {
    const storeId = await connectedStore();
    const granted = shop.scopes;
    shop.scopes = granted.filter((scope) => scope !== "write_customers");
    try {
      await expect(setConsentSync(await actorFor(suite.owner.admin.id), storeId, true)).rejects.toMatchObject(
        {
          kind: "refused",
          message: "Allow the app to manage your Shopify customers to sync email marketing consent",
        },
      );
    } finally {
      shop.scopes = granted;
    }
    const [row] = await testDb().select().from(stores).where(eq(stores.id, storeId));
    expect(row?.consentSyncEnabled).toBe(false);
    await expect(setConsentSync(await actorFor(suite.owner.admin.id), storeId, true)).resolves.toMatchObject({
      consentSyncEnabled: true,
    });
  });

  it("cannot be turned on for a store that is not connected to Shopify", async () => {
    const store = await createStoreFor(suite.owner.admin.id);
    await expect(setConsentSync(await actorFor(suite.owner.admin.id), store.id, true)).rejects.toMatchObject({
      kind: "invalid",
      message: "Connect this store to Shopify to sync email marketing consent",
    });
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.consentSyncEnabled).toBe(false);
  });
});

describe("consent sync on", () => {
  it("copies the existing subscribers when turned on, each with the opt-in level they gave", async () => {
    const storeId = await connectedStore();
    const single = uniqueEmail("single");
    const confirmed = uniqueEmail("confirmed");
    const pending = uniqueEmail("pending");
    const known = uniqueEmail("known");
    await testDb()
      .insert(subscribers)
      .values([
        { storeId, email: single },
        { storeId, email: confirmed, confirmationRequired: true, confirmedAt: new Date() },
        { storeId, email: pending, confirmationRequired: true },
        { storeId, email: known },
      ]);
    shop.customers?.set("gid://shopify/Customer/1", {
      id: "gid://shopify/Customer/1",
      email: known,
      emailMarketingConsent: {
        marketingState: "NOT_SUBSCRIBED",
        marketingOptInLevel: null,
        consentUpdatedAt: null,
      },
    });

    const answer = await setConsentSync(await actorFor(suite.owner.admin.id), storeId, true);
    expect(answer.consentSyncEnabled).toBe(true);
    await drainInProcessJobs();

    expect(customerWithEmail(single)?.emailMarketingConsent).toMatchObject({
      marketingState: "SUBSCRIBED",
      marketingOptInLevel: "SINGLE_OPT_IN",
    });
    expect(customerWithEmail(confirmed)?.emailMarketingConsent).toMatchObject({
      marketingState: "SUBSCRIBED",
      marketingOptInLevel: "CONFIRMED_OPT_IN",
    });
    // No consent yet while a double opt-in waits for its confirmation.
    expect(customerWithEmail(pending)).toBeUndefined();
    // The shop's existing customer is updated, not duplicated.
    expect([...(shop.customers?.values() ?? [])].filter((customer) => customer.email === known)).toHaveLength(
      1,
    );
    expect(customerWithEmail(known)?.emailMarketingConsent?.marketingState).toBe("SUBSCRIBED");
    const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, known));
    expect(row?.shopifyCustomerId).toBe("gid://shopify/Customer/1");

    // Running the backfill again creates nobody new.
    const customersBefore = shop.customers?.size;
    expect(await backfillConsent(storeId)).toEqual({ synced: 3, failed: 0 });
    expect(shop.customers?.size).toBe(customersBefore);
  });

  it("makes a new subscriber a subscribed customer, and an unsubscribe sets UNSUBSCRIBED", async () => {
    const storeId = await connectedStore();
    await setConsentSync(await actorFor(suite.owner.admin.id), storeId, true);
    await drainInProcessJobs();

    const row = await subscribeTo(storeId);
    const customer = customerWithEmail(row.email);
    expect(customer?.emailMarketingConsent).toMatchObject({
      marketingState: "SUBSCRIBED",
      marketingOptInLevel: "SINGLE_OPT_IN",
    });
    expect(await savedCustomerId(row.id)).toBe(customer?.id);

    await unsubscribe(subscriberToken("unsubscribe", row.id));
    await drainInProcessJobs();
    expect(customerWithEmail(row.email)?.emailMarketingConsent?.marketingState).toBe("UNSUBSCRIBED");
  });

  it("finds the customer again when the one it remembered was deleted in Shopify", async () => {
    const storeId = await connectedStore();
    await setConsentSync(await actorFor(suite.owner.admin.id), storeId, true);
    await drainInProcessJobs();
    const row = await subscribeTo(storeId);
    const first = customerWithEmail(row.email);
    if (first) shop.customers?.delete(first.id);

    await unsubscribe(subscriberToken("unsubscribe", row.id));
    await drainInProcessJobs();
    // Unsubscribed and no longer a customer: nothing to create.
    expect(customerWithEmail(row.email)).toBeUndefined();

    const popup = await subscribingPopup(storeId);
    if (!popup) throw new Error("no popup");
    await subscribe(
      popup,
      { email: row.email, proof: botProof(row.storeId) },
      { ip: "127.0.0.1", userAgent: "test" },
    );
    await drainInProcessJobs();
    const recreated = customerWithEmail(row.email);
    expect(recreated?.emailMarketingConsent?.marketingState).toBe("SUBSCRIBED");
    expect(await savedCustomerId(row.id)).toBe(recreated?.id);
  });

  it("with double opt-in, creates the customer only on confirmation, as CONFIRMED_OPT_IN", async () => {
    const doubleOptIn = await createOrganizationWithAdmin({ organizationName: "Double Opt-in Shop" });
    await updatePreferences(await actorFor(doubleOptIn.admin.id), { enableDoubleOptIn: true });
    const storeId = await connectedStore(doubleOptIn.admin.id);
    await setConsentSync(await actorFor(doubleOptIn.admin.id), storeId, true);
    await drainInProcessJobs();

    const row = await subscribeTo(storeId);
    expect(customerWithEmail(row.email)).toBeUndefined();

    await confirmSubscription(subscriberToken("confirm", row.id));
    await drainInProcessJobs();
    expect(customerWithEmail(row.email)?.emailMarketingConsent).toMatchObject({
      marketingState: "SUBSCRIBED",
      marketingOptInLevel: "CONFIRMED_OPT_IN",
    });
  });

  it("stops sending once turned off", async () => {
    const storeId = await connectedStore();
    const actor = await actorFor(suite.owner.admin.id);
    await setConsentSync(actor, storeId, true);
    await drainInProcessJobs();
    expect(await setConsentSync(actor, storeId, false)).toMatchObject({ consentSyncEnabled: false });
    calls.length = 0;

    const row = await subscribeTo(storeId);
    expect(customerCalls()).toEqual([]);
    expect(customerWithEmail(row.email)).toBeUndefined();
  });
});

describe("who welcomes a subscriber added to Shopify (the app, or Shopify's automation: never both)", () => {
  /** The welcome emails the app wrote for a subscriber (held here: the store has no SMTP settings). */
  const welcomesOf = (subscriberId: string) =>
    testDb()
      .select({ kind: emailSends.kind })
      .from(emailSends)
      .where(and(eq(emailSends.subscriberId, subscriberId), eq(emailSends.kind, "welcome")));

  async function storeWelcomedBy(sender: WelcomeEmailSender, sync: boolean) {
    const storeId = await connectedStore();
    const actor = await actorFor(suite.owner.admin.id);
    if (sync) await setConsentSync(actor, storeId, true);
    expect(await setWelcomeEmailSender(actor, storeId, sender)).toMatchObject({ welcomeEmailSender: sender });
    await drainInProcessJobs();
    return storeId;
  }

  it("by default the app sends its welcome email", async () => {
    const store = await createStoreFor(suite.owner.admin.id);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.welcomeEmailSender).toBe("app");
    const synced = await subscribeTo(await storeWelcomedBy("app", true));
    expect(customerWithEmail(synced.email)?.emailMarketingConsent?.marketingState).toBe("SUBSCRIBED");
    expect(await welcomesOf(synced.id)).toEqual([{ kind: "welcome" }]);
  });

  it("with Shopify's automation chosen, the consent goes to Shopify and the app sends no welcome email", async () => {
    const row = await subscribeTo(await storeWelcomedBy("shopify", true));
    expect(customerWithEmail(row.email)?.emailMarketingConsent?.marketingState).toBe("SUBSCRIBED");
    expect(await welcomesOf(row.id)).toEqual([]);
  });

  it("while consent sync is off Shopify hears of nobody, so the app welcomes them whatever was chosen", async () => {
    const row = await subscribeTo(await storeWelcomedBy("shopify", false));
    expect(customerWithEmail(row.email)).toBeUndefined();
    expect(await welcomesOf(row.id)).toEqual([{ kind: "welcome" }]);
  });
});
