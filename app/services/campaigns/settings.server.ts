import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSettings } from "~/db/schema";
import type { QuietHours } from "~/lib/quiet-hours";
import type { CampaignSettings, CampaignSettingsChanges } from "~/lib/schemas/campaign-sending";
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

/** The email_settings columns of a store's quiet hours, as the QuietHours of lib/quiet-hours.ts. */
export const quietHoursColumns = {
  enabled: emailSettings.quietHoursEnabled,
  start: emailSettings.quietHoursStart,
  end: emailSettings.quietHoursEnd,
  timeZone: emailSettings.quietHoursTimeZone,
};

const QUIET_HOURS_OFF: QuietHours = { enabled: false, start: 21, end: 8, timeZone: "UTC" };

/** The store's quiet hours (off for a store without email settings). */
export async function quietHoursOf(storeId: string): Promise<QuietHours> {
  const [row] = await db()
    .select(quietHoursColumns)
    .from(emailSettings)
    .where(eq(emailSettings.storeId, storeId));
  return row ?? QUIET_HOURS_OFF;
}

async function settingsOf(storeId: string): Promise<CampaignSettings> {
  const [row] = await db()
    .select({ sendRate: emailSettings.campaignSendRate, quietHours: quietHoursColumns })
    .from(emailSettings)
    .where(eq(emailSettings.storeId, storeId));
  return row ?? { sendRate: DEFAULT_SEND_RATE, quietHours: QUIET_HOURS_OFF };
}

/** GET /api/stores/:storeId/campaign-settings. */
export async function getCampaignSettings(actor: Actor, storeId: string): Promise<CampaignSettings> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  return settingsOf(store.id);
}

/**
 * PUT /api/stores/:storeId/campaign-settings: a running campaign picks the new rate up at its next batch, the
 * flows their quiet hours at their next sweep.
 */
export async function updateCampaignSettings(
  actor: Actor,
  storeId: string,
  changes: CampaignSettingsChanges,
): Promise<CampaignSettings> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  const quiet = changes.quietHours;
  const [row] = await db()
    .update(emailSettings)
    .set({
      campaignSendRate: changes.sendRate,
      quietHoursEnabled: quiet?.enabled,
      quietHoursStart: quiet?.start,
      quietHoursEnd: quiet?.end,
      quietHoursTimeZone: quiet?.timeZone,
      updatedAt: new Date(),
    })
    .where(eq(emailSettings.storeId, store.id))
    .returning({ id: emailSettings.id });
  if (!row) throw notFound("Email settings not found");
  return settingsOf(store.id);
}
