import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSettings } from "~/db/schema";
import type { CampaignSettings } from "~/lib/schemas/campaign-sending";
import { notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";

/** The default messages per second of a store that never set one (email_settings.campaign_send_rate). */
const DEFAULT_SEND_RATE = 10;

/** How many campaign messages a second the store's SMTP server is sent. */
export async function sendRateOf(storeId: string): Promise<number> {
  const [row] = await db()
    .select({ rate: emailSettings.campaignSendRate })
    .from(emailSettings)
    .where(eq(emailSettings.storeId, storeId));
  return row?.rate ?? DEFAULT_SEND_RATE;
}

/** GET /api/stores/:storeId/campaign-settings. */
export async function getCampaignSettings(actor: Actor, storeId: string): Promise<CampaignSettings> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  return { sendRate: await sendRateOf(store.id) };
}

/** PUT /api/stores/:storeId/campaign-settings: a running campaign picks the new rate up at its next batch. */
export async function updateCampaignSettings(
  actor: Actor,
  storeId: string,
  changes: CampaignSettings,
): Promise<CampaignSettings> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  const [row] = await db()
    .update(emailSettings)
    .set({ campaignSendRate: changes.sendRate, updatedAt: new Date() })
    .where(eq(emailSettings.storeId, store.id))
    .returning({ sendRate: emailSettings.campaignSendRate });
  if (!row) throw notFound("Email settings not found");
  return row;
}
