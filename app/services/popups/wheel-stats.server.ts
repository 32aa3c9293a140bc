import { and, count, eq, gte, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { WheelStats } from "~/lib/schemas/popup-stats";
import { sliceChances } from "../../../popup/prize-wheel";
import type { PopupRow } from "./crud.server";

/**
 * A wheel popup's draws since `since`, from the slice stored on each subscriber at subscribe time
 * (`subscribers.wheel_draw`, docs/decisions/182): per current slice by its place (slices have no ids), beside
 * the chance its weight gives now; `noPrize` counts the draws whose slice had no prize when drawn. Null for a
 * popup without a wheel. The wheel is the popup's, shared by its variants.
 */
export async function wheelStats(popup: PopupRow, since: Date): Promise<WheelStats | null> {
  if (!popup.wheel) return null;
  const slice = sql<number>`(${subscribers.wheelDraw}->>'slice')::int`.mapWith(Number);
  const rows = await db()
    .select({
      slice,
      winners: count(),
      noPrize: sql<number>`count(*) filter (where ${subscribers.wheelDraw}->'prize' = 'null'::jsonb)`.mapWith(
        Number,
      ),
    })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.storeId, popup.storeId),
        eq(subscribers.popupId, popup.id),
        isNotNull(subscribers.wheelDraw),
        gte(subscribers.subscribedAt, since),
      ),
    )
    .groupBy(slice);
  const winnersOf = new Map(rows.map((row) => [row.slice, row.winners]));
  const chances = sliceChances(popup.wheel.slices);
  return {
    slices: popup.wheel.slices.map(({ label, prize }, index) => ({
      label,
      prize: prize !== null,
      chance: chances[index] ?? 0,
      winners: winnersOf.get(index) ?? 0,
    })),
    noPrize: rows.reduce((sum, row) => sum + row.noPrize, 0),
    spins: rows.reduce((sum, row) => sum + row.winners, 0),
  };
}
