import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSettings, emailTemplates, popupConfigs, subscribers } from "~/db/schema";
import { can, type Permission } from "~/lib/permissions";
import { hasPostalAddress } from "~/lib/schemas/held-emails";
import type { SetupChecklist } from "~/lib/schemas/setup-checklist";
import type { Actor } from "~/services/access/actor.server";
import { isEmbeddedAppEnabled } from "~/shopify.server";
import { appEmbedStatus } from "./app-embed.server";
import { requireStore } from "./crud.server";
import { siteUrlOf } from "./integration.server";

/** Whoever sees the checklist can take each of its steps. */
const STEP_PERMISSIONS: Permission[] = ["manage_integrations", "manage_popups", "manage_email_settings"];

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/**
 * The store's setup checklist (docs/decisions/166), or null for an actor who could not take every step (a
 * member without those permissions sees the dashboard without it).
 */
export async function setupChecklist(actor: Actor, storeId: string): Promise<SetupChecklist | null> {
  if (!STEP_PERMISSIONS.every((permission) => can(actor, permission))) return null;
  const store = await requireStore(actor, storeId);
  const [popupLive, settings, firstSubscriber, postalAddress] = await Promise.all([
    exists(
      db()
        .select({ id: popupConfigs.id })
        .from(popupConfigs)
        .where(and(eq(popupConfigs.storeId, store.id), eq(popupConfigs.status, "live")))
        .limit(1),
    ),
    db()
      .select({ isConfigured: emailSettings.isConfigured })
      .from(emailSettings)
      .where(eq(emailSettings.storeId, store.id))
      .then(([row]) => row),
    exists(
      db().select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.storeId, store.id)).limit(1),
    ),
    db()
      .select({ companyAddress: emailTemplates.companyAddress })
      .from(emailTemplates)
      .where(eq(emailTemplates.storeId, store.id))
      .then(([row]) => hasPostalAddress(row?.companyAddress ?? "")),
  ]);
  // The same choice as the Integration page: the app embed where this server is the Shopify app.
  const install: SetupChecklist["install"] =
    store.integrationType === "shopify" && isEmbeddedAppEnabled()
      ? embedStep(appEmbedStatus(store))
      : { kind: "script", done: store.isVerified };
  // Shopify's automation welcomes subscribers instead of the app while consent sync is on (decision 165).
  const byShopify = store.consentSyncEnabled && store.welcomeEmailSender === "shopify";
  const by: SetupChecklist["email"]["by"] = settings?.isConfigured ? "smtp" : byShopify ? "shopify" : null;
  const email = { done: by !== null, by };
  return {
    install,
    popupLive,
    email,
    postalAddress,
    firstSubscriber,
    storefrontUrl: store.shopifyDomain ? `https://${store.shopifyDomain}` : siteUrlOf(store),
    complete: install.done && popupLive && email.done && postalAddress && firstSubscriber,
  };
}

function embedStep(status: ReturnType<typeof appEmbedStatus>): SetupChecklist["install"] {
  return {
    kind: "app-embed",
    done: status.seenAt !== null,
    seenAt: status.seenAt?.toISOString() ?? null,
    checkedAt: status.checkedAt.toISOString(),
    editorUrl: status.editorUrl,
  };
}
