import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSettings } from "~/db/schema";
import type { StoreSender } from "~/lib/schemas/campaign-views";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";

/**
 * Who a campaign without a from name of its own comes from: the store's email settings. Read for people
 * who manage campaigns, who may not see the rest of the email settings.
 */
export async function storeSender(actor: Actor, storeId: string): Promise<StoreSender> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  const [settings] = await db()
    .select({ fromName: emailSettings.fromName, fromEmail: emailSettings.fromEmail })
    .from(emailSettings)
    .where(eq(emailSettings.storeId, store.id));
  return { fromName: settings?.fromName ?? "", fromEmail: settings?.fromEmail ?? "" };
}
