import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { enqueue } from "../../jobs/client";

/**
 * Queues a new subscriber's first email: the double opt-in confirmation, or the welcome email with the
 * code. `confirmationRequired` is read from the subscriber unless the caller already knows it. `again`
 * (the address was submitted again) sends a copy when that email already went.
 */
export async function sendSubscriberMail(
  subscriberId: string,
  confirmationRequired?: boolean,
  again = false,
): Promise<void> {
  let required = confirmationRequired;
  if (required === undefined) {
    const [subscriber] = await db()
      .select({ confirmationRequired: subscribers.confirmationRequired })
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    if (!subscriber) return;
    required = subscriber.confirmationRequired;
  }
  const type = required ? "confirmation" : "welcome";
  if (again)
    await enqueue("email", { type, subscriberId, again }, { jobId: `${type}-${subscriberId}-${Date.now()}` });
  else await enqueue("email", { type, subscriberId }, { jobId: `${type}-${subscriberId}` });
}
