import { and, count, eq, gte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { WheelStats } from "~/lib/schemas/popup-stats";
import { sliceChances } from "../../../popup/prize-wheel";
import type { PopupRow } from "./crud.server";

/**
 * A wheel popup's draws since `since`, from the slice stored on each subscriber at subscribe time
 * (`subscribers.wheel_draw`, docs/decisions/182): per current slice, beside the chance its weight gives now;
 * `noPrize` counts the draws whose slice had no prize when drawn. Slices have no ids: a draw counts for the
 * slice at its place with its label, else for the one slice with its label (moved since), else it landed on a
 * slice since renamed or removed (`earlier`), never on whatever slice took its place. Null for a popup
 * without a wheel. The wheel is the popup's, shared by its variants.
 */
export async function wheelStats(popup: PopupRow, since: Date): Promise<WheelStats | null> {
  if (!popup.wheel) return null;
  const slice = sql<number>`(${subscribers.wheelDraw}->>'slice')::int`.mapWith(Number);
  const label = sql<string>`${subscribers.wheelDraw}->>'label'`;
  const rows = await db()
    .select({
      slice,
      label,
      draws: count(),
      noPrize: sql<number>`count(*) filter (where ${subscribers.wheelDraw}->'prize' = 'null'::jsonb)`.mapWith(
        Number,
      ),
    })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.storeId, popup.storeId),
        eq(subscribers.popupId, popup.id),
        // A subscriber without a draw (the popup had no wheel yet) is no spin: SQL NULL, or JSON null as
        // subscriptions stored it before docs/decisions/205.
        sql`${subscribers.wheelDraw} <> 'null'::jsonb`,
        gte(subscribers.subscribedAt, since),
      ),
    )
    .groupBy(slice, label);
  const slices = popup.wheel.slices;
  const winners = slices.map(() => 0);
  let earlier = 0;
  for (const row of rows) {
    const place = currentPlace(
      slices.map((current) => current.label),
      row,
    );
    if (place === null) earlier += row.draws;
    else winners[place] = (winners[place] ?? 0) + row.draws;
  }
  const chances = sliceChances(slices);
  return {
    slices: slices.map(({ label, prize }, index) => ({
      label,
      prize: prize !== null,
      chance: chances[index] ?? 0,
      winners: winners[index] ?? 0,
    })),
    noPrize: rows.reduce((sum, row) => sum + row.noPrize, 0),
    spins: rows.reduce((sum, row) => sum + row.draws, 0),
    earlier,
  };
}

/** The place of the current slice a draw counts for (see above), or null when none is the slice it landed on. */
function currentPlace(labels: string[], drawn: { slice: number; label: string }): number | null {
  if (labels[drawn.slice] === drawn.label) return drawn.slice;
  const places = labels.flatMap((label, place) => (label === drawn.label ? [place] : []));
  return places.length === 1 ? (places[0] ?? null) : null;
}
