import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailSettings, popupConfigs, stores, subscribers } from "~/db/schema";
import { DomainError } from "~/server/domain-errors.server";
import { recordAppEmbedSeen } from "~/services/stores/app-embed.server";
import { createStore } from "~/services/stores/crud.server";
import { setupChecklist } from "~/services/stores/setup-checklist.server";
import { actorFor } from "../support/builders/actors";
import {
  createMember,
  createOrganizationWithAdmin,
  createSecondOrganization,
} from "../support/builders/fixtures";
import { EMBEDDED_ENV } from "../support/builders/shopify-session-token";
import { givePostalAddress } from "../support/builders/store-mail";
import { testDb } from "../support/infra/db";

/**
 * The embedded home's setup checklist (docs/decisions/166): the app embed (seen on the storefront), a popup
 * switched on, a sender for welcome emails (SMTP, or Shopify's automation), the postal address their footer
 * needs, the first subscriber; complete only when all five are done; shown only to whoever can take every step.
 */
// This process is the Shopify app (the app reads its environment lazily, at the first call).
Object.assign(process.env, {
  SHOPIFY_API_KEY: EMBEDDED_ENV.SHOPIFY_API_KEY,
  SHOPIFY_API_SECRET: EMBEDDED_ENV.SHOPIFY_API_SECRET,
  SHOPIFY_APP_URL: EMBEDDED_ENV.SHOPIFY_APP_URL,
});

async function shopifyStore(userId: string) {
  const shop = `checklist-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  return createStore(await actorFor(userId), {
    name: "Checklist Shop",
    integrationType: "shopify",
    shopifyUrl: `https://${shop}.myshopify.com`,
    shopifyStoreName: shop,
  });
}

describe("the setup checklist", () => {
  it("starts with the default popup on and the rest to do, with the theme editor's link to the app embed", async () => {
    const { admin } = await createOrganizationWithAdmin();
    const store = await shopifyStore(admin.id);
    const checklist = await setupChecklist(await actorFor(admin.id), store.id);
    expect(checklist).toEqual({
      install: {
        kind: "app-embed",
        done: false,
        seenAt: null,
        checkedAt: expect.any(String),
        editorUrl: `https://${store.shopifyStoreName}.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=${EMBEDDED_ENV.SHOPIFY_API_KEY}/app-embed`,
      },
      popupLive: true,
      email: { done: false, by: null },
      postalAddress: false,
      firstSubscriber: false,
      storefrontUrl: `https://${store.shopifyStoreName}.myshopify.com`,
      complete: false,
    });
  });

  it("is complete once the storefront loaded the embed, a popup is on, SMTP and the postal address are set and someone subscribed", async () => {
    const { admin } = await createOrganizationWithAdmin();
    const actor = await actorFor(admin.id);
    const store = await shopifyStore(admin.id);
    await recordAppEmbedSeen(store.id);
    await testDb()
      .update(emailSettings)
      .set({ isConfigured: true })
      .where(eq(emailSettings.storeId, store.id));
    await testDb()
      .insert(subscribers)
      .values({ storeId: store.id, email: "first@buyer.example", source: "popup", consentedAt: new Date() });
    // Welcome emails carry the offer: without a postal address they wait, and the checklist says so.
    expect(await setupChecklist(actor, store.id)).toMatchObject({ postalAddress: false, complete: false });
    await givePostalAddress(store.id);

    const checklist = await setupChecklist(actor, store.id);
    expect(checklist).toMatchObject({
      install: { kind: "app-embed", done: true, seenAt: expect.any(String) },
      popupLive: true,
      email: { done: true, by: "smtp" },
      postalAddress: true,
      firstSubscriber: true,
      complete: true,
    });

    // Every popup switched off: not live, not complete.
    await testDb().update(popupConfigs).set({ status: "paused" }).where(eq(popupConfigs.storeId, store.id));
    expect(await setupChecklist(actor, store.id)).toMatchObject({ popupLive: false, complete: false });
  });

  it("counts Shopify's automation as the sender while consent sync hands it the welcome", async () => {
    const { admin } = await createOrganizationWithAdmin();
    const actor = await actorFor(admin.id);
    const store = await shopifyStore(admin.id);
    await testDb().update(stores).set({ welcomeEmailSender: "shopify" }).where(eq(stores.id, store.id));
    // The choice alone sends nothing: Shopify hears of subscribers only with consent sync on.
    expect((await setupChecklist(actor, store.id))?.email).toEqual({ done: false, by: null });
    await testDb().update(stores).set({ consentSyncEnabled: true }).where(eq(stores.id, store.id));
    expect((await setupChecklist(actor, store.id))?.email).toEqual({ done: true, by: "shopify" });
  });

  it("asks a site that is not on Shopify for the script, done once the installation check found it", async () => {
    const { admin } = await createOrganizationWithAdmin();
    const actor = await actorFor(admin.id);
    const store = await createStore(actor, { name: "Plain Site", shopifyUrl: "https://plain-site.example" });
    expect((await setupChecklist(actor, store.id))?.install).toEqual({ kind: "script", done: false });
    await testDb().update(stores).set({ isVerified: true }).where(eq(stores.id, store.id));
    expect((await setupChecklist(actor, store.id))?.install).toEqual({ kind: "script", done: true });
    expect((await setupChecklist(actor, store.id))?.storefrontUrl).toBe("https://plain-site.example");
  });

  it("is for whoever can take every step, and never about another organization's store", async () => {
    const { admin, organization } = await createOrganizationWithAdmin();
    const store = await shopifyStore(admin.id);
    const viewer = await createMember(organization.id, { view_subscribers: true });
    expect(await setupChecklist(await actorFor(viewer.member.id), store.id)).toBeNull();
    const builder = await createMember(organization.id, {
      manage_integrations: true,
      manage_popups: true,
      manage_email_settings: true,
    });
    expect(await setupChecklist(await actorFor(builder.member.id), store.id)).toMatchObject({
      complete: false,
    });

    const other = await createSecondOrganization();
    const refusal = await setupChecklist(await actorFor(other.admin.id), store.id).catch((error) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).kind).toBe("not-found");
  });
});
