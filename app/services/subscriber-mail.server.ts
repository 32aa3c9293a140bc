import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { enqueue } from "../../jobs/client";

/** Queues a new subscriber's first email: the double opt-in confirmation, or the welcome email with the code. */
export async function sendSubscriberMail(subscriberId: string): Promise<void> {
  const [subscriber] = await db()
    .select({ confirmationRequired: subscribers.confirmationRequired })
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  if (!subscriber) return;
  const type = subscriber.confirmationRequired ? "confirmation" : "welcome";
  await enqueue("email", { type, subscriberId }, { jobId: `${type}-${subscriberId}` });
}
