import { Placeholder } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db, planOnceDb } from "~/db/client.server";
import { inboxOfAddress, otherAddressOfInbox } from "~/services/subscribers/same-inbox.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sqlRows } from "../support/infra/db";

/**
 * The named prepared statements run on sessions that plan them once (docs/decisions/204). The subscribe
 * statement's lookup of the inbox's other addresses must then stay on the prefix index with its generic plan,
 * whatever the address: at 60,000 subscribers with common names, a trigram search for `like $n` would read
 * every address of the same name and domain.
 */
const SUBSCRIBERS = 60_000;
let storeId: string;

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  await sqlRows(
    `insert into subscribers (store_id, email, source)
     select $1, (array['james','mary','ann','lee'])[1 + n % 4] || n || '@yahoo.com', 'popup'
     from generate_series(1, $2) as n`,
    [storeId, SUBSCRIBERS],
  );
  await sqlRows(
    "insert into subscribers (store_id, email, source) values ($1, 'ann@yahoo.com', 'popup'), ($1, 'ann+shop@yahoo.com', 'popup')",
    [storeId],
  );
  await sqlRows("analyze subscribers");
});
afterAll(async () => {
  await closeDb();
});

/** The lookup's text and its values for `email`, as the subscribe statement sends them. */
function lookupFor(email: string) {
  const query = otherAddressOfInbox(planOnceDb()).toSQL();
  const values: Record<string, unknown> = { storeId, ...inboxOfAddress(email, "someone-else") };
  const params = query.params.map((param) => (param instanceof Placeholder ? values[param.name] : param));
  return { text: query.sql, params };
}

/** The generic plan of the lookup as JSON text, and what it finds, on a session like planOnceDb's. */
async function genericPlan(email: string) {
  const { text, params } = lookupFor(email);
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    options: "-c plan_cache_mode=force_generic_plan",
  });
  await client.connect();
  try {
    await client.query(`prepare lookup as ${text}`);
    const literals = params.map((value) => client.escapeLiteral(String(value))).join(", ");
    const [plan] = (await client.query(`explain (format json) execute lookup(${literals})`)).rows;
    const found = await client.query<{ email: string }>(`execute lookup(${literals})`);
    return { plan: JSON.stringify(plan), found: found.rows.map((row) => row.email) };
  } finally {
    await client.end();
  }
}

describe("the named prepared statements' sessions", () => {
  it("plan once there, and nowhere else", async () => {
    const setting = async (database: typeof db) => {
      const result = await database().execute<{ plan_cache_mode: string }>("show plan_cache_mode");
      return result.rows[0]?.plan_cache_mode;
    };
    expect(await setting(planOnceDb)).toBe("force_generic_plan");
    expect(await setting(db)).toBe("auto");
  });

  it.each(["james@yahoo.com", "ann@yahoo.com", "ann+news@yahoo.com"])(
    "look up %s's inbox through the prefix index only, and find its other addresses",
    async (email) => {
      const { plan, found } = await genericPlan(email);
      expect(plan).toContain("subscribers_store_email_prefix_idx");
      expect(plan).not.toMatch(/trgm/);
      if (email.startsWith("ann")) expect(found.length).toBe(1);
      else expect(found).toEqual([]);
    },
  );
});
