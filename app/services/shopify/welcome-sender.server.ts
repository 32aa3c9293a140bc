import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import type { WelcomeEmailSender } from "~/lib/schemas/consent-sync";
import { type Actor, authorize } from "~/services/access/actor.server";
import { forgetStoreBundle } from "~/services/email/mail-context.server";
import { requireStore } from "~/services/stores/crud.server";

const SAVED: Record<WelcomeEmailSender, string> = {
  app: "Newsletter Popup sends the welcome email",
  shopify: "Shopify's automation welcomes subscribers added to Shopify; Newsletter Popup sends them none",
};

/** PUT /api/stores/:storeId/shopify/welcome-sender: who welcomes a subscriber whose consent goes to Shopify. */
export async function setWelcomeEmailSender(actor: Actor, storeId: string, sender: WelcomeEmailSender) {
  authorize(actor, "manage_integrations");
  const store = await requireStore(actor, storeId);
  await db()
    .update(stores)
    .set({ welcomeEmailSender: sender, updatedAt: new Date() })
    .where(eq(stores.id, store.id));
  forgetStoreBundle(store.id);
  return { welcomeEmailSender: sender, message: SAVED[sender] };
}
