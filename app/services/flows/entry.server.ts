import { type SQL, sql } from "drizzle-orm";
import { flowRuns, flows } from "~/db/schema";

/**
 * The statement (a CTE of the caller's) that lets the subscribers the CTE `from` returns (its `id` column)
 * into the store's live "subscribed" flows when `when` holds, written with them: an import's batch, whose
 * rows carry the import's start as their subscription time, which the engine's look for new subscribers
 * (engine.server.ts) leaves to this. A subscriber already in a flow is not let in twice.
 */
export function importedIntoFlows(storeId: string, from: string, when: SQL): SQL {
  return sql`insert into ${flowRuns} (flow_id, store_id, subscriber_id, step_id, run_at)
    select ${flows.id}, ${storeId}::uuid, ${sql.identifier(from)}.id, ${flows.steps} -> 0 ->> 'id', now()
    from ${sql.identifier(from)} join ${flows} on ${flows.storeId} = ${storeId}::uuid
      and ${flows.status} = 'live' and ${flows.trigger} = 'subscribed'
    where ${when}
    on conflict do nothing`;
}
