import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { offerDiscounts, popupConfigs, subscribers } from "~/db/schema";
import { pauseWith } from "~/server/pause.server";
import { subscribingPopup } from "~/services/popups/public-popups.server";
import { subscribe } from "~/services/subscribers/subscribe.server";
import { drainInProcessJobs } from "../../jobs/client";
import { FAKE_SHOP, type FakeDiscount } from "../../mocks/shopify";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { botProof } from "../support/builders/bot-check";
import { fakeShopSuite } from "../support/builders/fake-shop-suite";
import { uniqueEmail } from "../support/builders/fixtures";
import { connectWithLegacyToken } from "../support/builders/legacy-shopify";
import { testDb } from "../support/infra/db";

/**
 * discountRedeemCodeBulkAdd only queues a bulk creation: a subscriber's own code is given out once
 * discountRedeemCodeBulkCreation reports it added (docs/decisions/162). The fake Shopify answers the first
 * read of a creation with done false and runs it on the next; the waits between reads are recorded here
 * rather than spent.
 */
const suite = fakeShopSuite();
const { shop } = suite;

afterEach(() => {
  pauseWith(undefined);
  shop.holdRedeemCodeCreations = false;
});

async function connectedStore() {
  const store = await createStoreFor(suite.owner.admin.id);
  await connectWithLegacyToken(await actorFor(suite.owner.admin.id), store.id, {
    shopifyUrl: "acme-test",
    accessToken: FAKE_SHOP.accessToken,
  });
  return store.id;
}

async function subscribeTo(storeId: string, email: string) {
  const popup = await subscribingPopup(storeId);
  if (!popup) throw new Error("no popup");
  const answer = await subscribe(
    popup,
    { email, proof: botProof(storeId) },
    { ip: "127.0.0.1", userAgent: "test" },
  );
  return answer.discountCode;
}

async function subscriberWithEmail(email: string) {
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
  if (!row) throw new Error(`${email} did not subscribe`);
  return row;
}

/** The store's popup offer discounts in the fake shop, with the anchor code each was created with. */
async function offerDiscountsOf(storeId: string): Promise<{ discount: FakeDiscount; anchor: string }[]> {
  const popups = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId));
  const rows = await testDb()
    .select()
    .from(offerDiscounts)
    .where(
      inArray(
        offerDiscounts.popupId,
        popups.map((popup) => popup.id),
      ),
    );
  return rows.flatMap((row) => {
    const discount = [...(shop.discounts?.values() ?? [])].find((d) => d.id === row.shopifyDiscountId);
    return discount ? [{ discount, anchor: row.anchorCode }] : [];
  });
}

/** Codes of the store's offer discounts that no subscriber was given (besides each discount's anchor). */
async function orphanCodes(storeId: string): Promise<string[]> {
  const given = new Set(
    (await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId))).map(
      (row) => row.discountCodeSent,
    ),
  );
  return (await offerDiscountsOf(storeId)).flatMap(({ discount, anchor }) =>
    [...discount.codes.keys()].filter((code) => code !== anchor && !given.has(code)),
  );
}

describe("a subscriber's own code, confirmed by Shopify", () => {
  it("is given only once Shopify reports it added, and not while the creation is queued", async () => {
    const storeId = await connectedStore();
    const email = uniqueEmail("confirmed");
    const whileQueued: { sent: string | null; pending: string | null }[] = [];
    pauseWith(async () => {
      const row = await subscriberWithEmail(email);
      whileQueued.push({ sent: row.discountCodeSent, pending: row.pendingDiscountCode });
    });

    const code = await subscribeTo(storeId, email);

    expect(code).toMatch(/^WELCOME15-[A-Z2-9]{6}$/);
    // The creation's first read said done false: the subscriber still had the popup's code then.
    expect(whileQueued).toEqual([{ sent: "WELCOME15", pending: code }]);
    const creation = [...(shop.redeemCodeCreations?.values() ?? [])].find((c) =>
      c.codes.includes(code ?? ""),
    );
    expect(creation).toMatchObject({ codes: [code], reads: 2, results: [{ code, added: true, errors: [] }] });
    expect(await subscriberWithEmail(email)).toMatchObject({
      discountCodeSent: code,
      pendingDiscountCode: null,
      pendingCodeCreationId: null,
      discountCodeError: null,
    });
    expect(await orphanCodes(storeId)).toEqual([]);
  });

  it("falls back to the popup's code when Shopify refuses it, keeps the reason, and leaves no orphan", async () => {
    const storeId = await connectedStore();
    const email = uniqueEmail("refused");
    // While the creation is queued, the merchant happens to make a discount with the very same code.
    pauseWith(async () => {
      const { pendingDiscountCode } = await subscriberWithEmail(email);
      if (!pendingDiscountCode || shop.discounts?.has(pendingDiscountCode)) return;
      shop.discounts?.set(pendingDiscountCode, {
        id: "gid://shopify/DiscountCodeNode/77",
        title: "The merchant's own",
        percentage: 0.5,
        usageLimit: null,
        appliesOncePerCustomer: false,
        endsAt: null,
        codes: new Map([[pendingDiscountCode, 0]]),
        bulkAdds: [],
      });
    });

    expect(await subscribeTo(storeId, email)).toBe("WELCOME15");

    const row = await subscriberWithEmail(email);
    expect(row).toMatchObject({
      discountCodeSent: "WELCOME15",
      pendingDiscountCode: null,
      discountCodeError: "Code must be unique. Please try a different code.",
    });
    const [offer] = await offerDiscountsOf(storeId);
    expect([...(offer?.discount.codes.keys() ?? [])]).toEqual([offer?.anchor]);
    expect(await orphanCodes(storeId)).toEqual([]);
    // The code job does not try again: the popup's code is final.
    await drainInProcessJobs();
    expect(offer?.discount.bulkAdds).toEqual([1]);
  });

  it("when the subscription's wait runs out, the code job confirms the same code and adds no second", async () => {
    const storeId = await connectedStore();
    const email = uniqueEmail("late");
    const creationsBefore = shop.redeemCodeCreations?.size ?? 0;
    shop.holdRedeemCodeCreations = true;
    let answered = false;
    // Shopify finishes only after the subscription has answered without the code.
    pauseWith(async () => {
      if (answered) shop.holdRedeemCodeCreations = false;
    });

    expect(await subscribeTo(storeId, email)).toBe("WELCOME15");
    answered = true;
    const { pendingDiscountCode } = await subscriberWithEmail(email);
    expect(pendingDiscountCode).toMatch(/^WELCOME15-[A-Z2-9]{6}$/);

    await drainInProcessJobs();
    expect(await subscriberWithEmail(email)).toMatchObject({
      discountCodeSent: pendingDiscountCode,
      pendingDiscountCode: null,
      discountCodeError: null,
    });
    const [offer] = await offerDiscountsOf(storeId);
    expect(offer?.discount.bulkAdds).toEqual([1]);
    expect((shop.redeemCodeCreations?.size ?? 0) - creationsBefore).toBe(1);
    expect(await orphanCodes(storeId)).toEqual([]);
  });
});
