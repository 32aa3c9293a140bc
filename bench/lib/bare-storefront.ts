import type pg from "pg";
import { forkTs, nextMessage, stopProcess } from "../../tests/support/infra/processes";
import { progress, withTimeout } from "./log";

/** The copies of the tables the bare endpoints write to (same columns, indexes and store foreign key). */
export const BARE_TABLE = "bench_bare_subscribers";
const BARE_VIEWS_TABLE = "bench_bare_popup_views";

async function createCopy(client: pg.Client, copy: string, of: string): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS ${copy}`);
  await client.query(`CREATE TABLE ${copy} (LIKE ${of} INCLUDING ALL)`);
  await client.query(
    `ALTER TABLE ${copy} ADD FOREIGN KEY (store_id) REFERENCES stores(id) ON DELETE CASCADE`,
  );
}

export type BareStorefront = { origin: string; pid: number; stop: () => Promise<void> };

/** bench/bare-storefront-server.ts in its own process, on fresh copies of its tables. */
export async function startBareStorefront(client: pg.Client, databaseUrl: string): Promise<BareStorefront> {
  await createCopy(client, BARE_TABLE, "subscribers");
  await createCopy(client, BARE_VIEWS_TABLE, "popup_views");
  const bare = forkTs("bare endpoint", "bench/bare-storefront-server.ts", {
    ...process.env,
    BARE_DATABASE_URL: databaseUrl,
    BARE_TABLE,
    BARE_VIEWS_TABLE,
  });
  const stop = () => stopProcess(bare, { graceMs: 5_000, onKill: progress });
  try {
    const port = await withTimeout(
      "the bare endpoint's start",
      30_000,
      nextMessage(bare, (message) => {
        const ready = message as { type?: string; port?: number };
        return ready.type === "ready" ? ready.port : undefined;
      }),
    );
    return { origin: `http://127.0.0.1:${port}`, pid: bare.child.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
