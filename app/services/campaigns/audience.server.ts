import { and, count, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { CampaignAudience } from "~/lib/schemas/campaigns";
import { searchCondition } from "~/services/subscribers/list.server";

/**
 * The store's subscribers a campaign with this audience goes to. Always: active, not unsubscribed, not
 * suppressed (bounced or complained, docs/decisions/173), and no double opt-in left unconfirmed. Then the audience's filters; the search is the Subscribers list's.
 */
export function audienceConditions(storeId: string, audience: CampaignAudience): SQL[] {
  const conditions: (SQL | undefined)[] = [
    eq(subscribers.storeId, storeId),
    eq(subscribers.isActive, true),
    sql`${subscribers.unsubscribedAt} is null`,
    isNull(subscribers.suppression),
    or(eq(subscribers.confirmationRequired, false), isNotNull(subscribers.confirmedAt)),
    searchCondition(audience.search, subscribers),
  ];
  if (audience.from)
    conditions.push(sql`${subscribers.subscribedAt} >= ${audience.from}::date at time zone 'UTC'`);
  if (audience.to) {
    conditions.push(sql`${subscribers.subscribedAt} < (${audience.to}::date + 1) at time zone 'UTC'`);
  }
  if (audience.codeUsed !== "any")
    conditions.push(eq(subscribers.discountCodeUsed, audience.codeUsed === "yes"));
  if (audience.confirmedOnly) conditions.push(isNotNull(subscribers.confirmedAt));
  return conditions.filter((condition) => condition !== undefined);
}

/** How many subscribers of the store the audience reaches today. */
export async function countAudience(storeId: string, audience: CampaignAudience): Promise<number> {
  const [row] = await db()
    .select({ value: count() })
    .from(subscribers)
    .where(and(...audienceConditions(storeId, audience)));
  return row?.value ?? 0;
}
