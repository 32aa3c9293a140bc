import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import type { Actor } from "./actor.server";

export type StoreSummary = { id: string; name: string };

/** The stores the actor may switch between (an embedded session sees only its shop's store). */
export async function listStoreSummaries(actor: Actor): Promise<StoreSummary[]> {
  const rows = await db()
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.organizationId, actor.organizationId))
    .orderBy(asc(stores.createdAt));
  return actor.storeId ? rows.filter((store) => store.id === actor.storeId) : rows;
}
