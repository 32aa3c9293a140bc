import { and, eq, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { flowRuns, flows, stores, subscribers } from "~/db/schema";
import { exitRuns } from "./engine.server";

/**
 * Abandoned checkouts (docs/decisions/192). Shopify sends no "abandoned" event: each checkouts/create and
 * checkouts/update of a subscriber's checkout (re)schedules a run of the store's live abandoned-checkout flows
 * for the merchant's delay after the checkout's last change; an order that completes the checkout (orders/create's
 * checkout_token, or a checkout marked completed) ends its runs before or after they started.
 */

export type CheckoutUpdate = {
  token: string;
  email: string | null;
  recoveryUrl: string | null;
  completed: boolean;
  updatedAt: string | null;
};

async function storeOfShop(shop: string): Promise<string | null> {
  const [store] = await db().select({ id: stores.id }).from(stores).where(eq(stores.shopifyDomain, shop));
  return store?.id ?? null;
}

/** Ends the runs of the shop's checkout `token`: an order completed it. */
export async function stopCheckoutRuns(shop: string, token: string): Promise<void> {
  const storeId = await storeOfShop(shop);
  if (!storeId) return;
  await exitRuns(
    and(eq(flowRuns.storeId, storeId), eq(flowRuns.triggerKey, token)) as SQL,
    "checkout_completed",
  );
}

/**
 * A checkout begun or changed: a mailable subscriber's gets a run in each live abandoned-checkout flow, due
 * the flow's delay after this change; a later change moves a run that has not started yet (its link too).
 */
export async function recordCheckout(shop: string, checkout: CheckoutUpdate): Promise<void> {
  if (checkout.completed) return stopCheckoutRuns(shop, checkout.token);
  if (!checkout.email || !checkout.recoveryUrl) return;
  const storeId = await storeOfShop(shop);
  if (!storeId) return;
  const changedAt = checkout.updatedAt ? new Date(checkout.updatedAt) : new Date();
  await db().execute(sql`
    insert into ${flowRuns} (flow_id, store_id, subscriber_id, trigger_key, step_id, run_at, triggered_at, checkout_url)
    select ${flows.id}, ${storeId}, ${subscribers.id}, ${checkout.token}, ${flows.steps} -> 0 ->> 'id',
      ${changedAt.toISOString()}::timestamptz + make_interval(mins => ${flows.checkoutDelayMinutes}),
      ${changedAt.toISOString()}::timestamptz, ${checkout.recoveryUrl}
    from ${flows} join ${subscribers} on ${subscribers.storeId} = ${flows.storeId}
    where ${and(
      eq(flows.storeId, storeId),
      eq(flows.status, "live"),
      eq(flows.trigger, "checkout_abandoned"),
      sql`lower(${subscribers.email}) = lower(${checkout.email})`,
      eq(subscribers.isActive, true),
      sql`${subscribers.suppression} is null`,
    )}
    on conflict (flow_id, subscriber_id, trigger_key) do update
      set run_at = excluded.run_at, triggered_at = excluded.triggered_at, checkout_url = excluded.checkout_url
      where ${flowRuns.status} = 'active' and ${flowRuns.enteredAt} is null
        and ${flowRuns.triggeredAt} <= excluded.triggered_at`);
}
