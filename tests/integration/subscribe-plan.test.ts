import { Placeholder, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db, planOnceDb } from "~/db/client.server";
import { subscriptionInsertText } from "~/services/subscribers/subscription-insert.server";
import { storeWithPopup, subscriptionRow } from "../support/builders/subscription-rows";
import { sqlRows } from "../support/infra/db";

/**
 * The named prepared statements run on sessions that plan them once (docs/decisions/204). The subscribe
 * statement (a batch of rows, docs/decisions/205) must then look up each row's inbox on the prefix index with
 * its generic plan, whatever the address: at 60,000 subscribers with common names, a trigram search for
 * `like` would read every address of the same name and domain.
 */
const SUBSCRIBERS = 60_000;
let store: { storeId: string; popupId: string };

beforeAll(async () => {
  store = await storeWithPopup();
  await sqlRows(
    `insert into subscribers (store_id, email, source)
     select $1, (array['james','mary','ann','lee'])[1 + n % 4] || n || '@yahoo.com', 'popup'
     from generate_series(1, $2) as n`,
    [store.storeId, SUBSCRIBERS],
  );
  await sqlRows(
    "insert into subscribers (store_id, email, source) values ($1, 'ann@yahoo.com', 'popup'), ($1, 'ann+shop@yahoo.com', 'popup')",
    [store.storeId],
  );
  await sqlRows("analyze subscribers");
});
afterAll(async () => {
  await closeDb();
});

/**
 * The subscribe statement's generic plan for a batch of one row (`email`) as JSON text, and the inbox's other
 * address it finds, on a session like planOnceDb's; what it stores is rolled back.
 */
async function genericPlan(email: string) {
  const { text, constants } = subscriptionInsertText();
  const rows = JSON.stringify([{ ord: 0, ...snakeCased(subscriptionRow(store, email, {}, "someone-else")) }]);
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    options: "-c plan_cache_mode=force_generic_plan",
  });
  await client.connect();
  try {
    await client.query(`prepare batch as ${text}`);
    const literals = constants
      .map((value) => client.escapeLiteral(value instanceof Placeholder ? rows : String(value)))
      .join(", ");
    const [plan] = (await client.query(`explain (format json) execute batch(${literals})`)).rows;
    await client.query("begin");
    const stored = await client.query<{ earlier_email: string | null }>(`execute batch(${literals})`);
    await client.query("rollback");
    return { plan: JSON.stringify(plan), found: stored.rows.map((row) => row.earlier_email) };
  } finally {
    await client.end();
  }
}

const snakeCased = (row: object) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );

describe("the named prepared statements' sessions", () => {
  it("plan once there, and nowhere else", async () => {
    const setting = async (database: typeof db) => {
      const result = await database().execute(sql`show plan_cache_mode`);
      return (result as unknown as { rows: { plan_cache_mode: string }[] }).rows[0]?.plan_cache_mode;
    };
    expect(await setting(planOnceDb)).toBe("force_generic_plan");
    expect(await setting(db)).toBe("auto");
  });

  it.each(["james@yahoo.com", "ann+news@yahoo.com", "ANN+Deals@yahoo.com"])(
    "look up %s's inbox through the prefix index only, and find its other address",
    async (email) => {
      const { plan, found } = await genericPlan(email);
      expect(plan).toContain("subscribers_store_email_prefix_idx");
      expect(plan).not.toMatch(/trgm/);
      expect(found).toHaveLength(1);
      if (email.toLowerCase().startsWith("ann")) expect(found[0]).toMatch(/^ann(\+shop)?@yahoo\.com$/);
      else expect(found[0]).toBeNull();
    },
  );
});
