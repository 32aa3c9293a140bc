import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { enqueue } from "../../../jobs/client";

/**
 * Queues a new subscriber's first email: the double opt-in confirmation, or the welcome email with the
 * code. `confirmationRequired` is read from the subscriber unless the caller already knows it.
 */
export async function sendSubscriberMail(
  subscriberId: string,
  confirmationRequired?: boolean,
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
  await enqueue("email", { type, subscriberId }, { jobId: `${type}-${subscriberId}` });
}

/**
 * Queues a subscriber's email once more, because they asked anew (submitted the address again, or
 * confirmed a renewed subscription): a copy when it already went, the first one otherwise.
 */
export async function sendSubscriberMailAgain(
  subscriberId: string,
  type: "welcome" | "confirmation",
): Promise<void> {
  await enqueue(
    "email",
    { type, subscriberId, again: true },
    { jobId: `${type}-${subscriberId}-${Date.now()}` },
  );
}
