import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consentTexts, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createMember, createSecondOrganization } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { sqlRows, testDb } from "../support/infra/db";

type Row = {
  id: string;
  email: string;
  name: string | null;
  isActive: boolean;
  discountCodeSent: string | null;
  discountCodeUsed: boolean;
  subscribedAt: string;
  unsubscribedAt: string | null;
};
type Page = {
  subscribers: Row[];
  nextCursor: string | null;
  total: number;
  totalIsCapped: boolean;
  hasUnusedCodes: boolean;
  hasSubscribers: boolean;
};

const signedIn = useSignedInApp();

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

type Seed = Partial<typeof subscribers.$inferInsert> & { email: string };

async function seed(storeId: string, rows: Seed[]) {
  return testDb()
    .insert(subscribers)
    .values(rows.map((row) => ({ ...row, storeId })))
    .returning();
}

function listPath(storeId: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  return `/api/stores/${storeId}/subscribers${query ? `?${query}` : ""}`;
}

async function list(storeId: string, params: Record<string, string> = {}, client = signedIn.admin) {
  const response = await client.get<Page>(listPath(storeId, params));
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const emails = (page: Page) => page.subscribers.map((row) => row.email);

/** Walks every page with the given page size; `between` runs after each page (e.g. to insert rows). */
async function allPages(storeId: string, limit: number, between?: (pageIndex: number) => Promise<void>) {
  const seen: Row[] = [];
  let cursor: string | null = null;
  let pageIndex = 0;
  do {
    const params: Record<string, string> = { limit: String(limit) };
    if (cursor) params.cursor = cursor;
    const page = await list(storeId, params);
    expect(page.subscribers.length).toBeLessThanOrEqual(limit);
    seen.push(...page.subscribers);
    cursor = page.nextCursor;
    await between?.(pageIndex);
    pageIndex += 1;
  } while (cursor);
  return seen;
}

/** A minimal RFC 4180 reader: quoted fields with doubled quotes and line breaks, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        field += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ",") {
      record.push(field);
      field = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index += 1;
    } else {
      field += character;
    }
  }
  expect(field, "the last record ends with CRLF").toBe("");
  expect(record).toEqual([]);
  return records;
}

const HEADER = [
  "ID",
  "Email",
  "Name",
  "Phone",
  "Company",
  "Address",
  "Street",
  "City",
  "State",
  "Zip Code",
  "Country",
  "Status",
  "Email Status",
  "Email Status Reason",
  "Email Status At",
  "Discount Code",
  "Code Used",
  "Subscribed At",
  "Unsubscribed At",
  "Consent Page",
  "Consent IP",
  "Consented At",
  "Consent Version",
  "Consent Text",
  "First Name",
  "Birthday",
  "Phone Consented At",
];

/** GET …/export.csv read as bytes: fetch's text() would drop the byte order mark the test checks. */
async function exportCsv(storeId: string, params: Record<string, string> = {}, client = signedIn.admin) {
  const query = new URLSearchParams(params).toString();
  const path = `/api/stores/${storeId}/subscribers/export.csv${query ? `?${query}` : ""}`;
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(new URL(path, client.baseUrl), { headers: { Cookie: cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
  };
}

/** The records of an export, header checked and the byte order mark removed. */
function csvRecords(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...records] = parseCsv(text.slice(1));
  expect(header).toEqual(HEADER);
  return records;
}

describe("filters", () => {
  let storeId: string;

  beforeAll(async () => {
    storeId = (await createStoreFor(signedIn.owner.admin.id, { name: "Filters" })).id;
    await seed(storeId, [
      { email: "alice@acme.example", name: "Alice Smith", subscribedAt: daysAgo(2) },
      {
        email: "bob@Beta.example",
        name: "Bob Jones",
        subscribedAt: daysAgo(20),
        isActive: false,
        unsubscribedAt: daysAgo(1),
      },
      { email: "carol@gamma.example", name: "Carol", subscribedAt: daysAgo(60) },
      { email: "dave@delta.example", subscribedAt: daysAgo(200), isActive: false },
      { email: "eve_50%@promo.example", name: "Eve 100% Real", subscribedAt: daysAgo(5) },
      { email: "eve50x@promo.example", name: "Evex", subscribedAt: daysAgo(6) },
      { email: "frank@acme.example", name: "Frank \\ Backslash", subscribedAt: daysAgo(8) },
    ]);
  });

  it("lists everything newest first with no filter", async () => {
    const page = await list(storeId);
    expect(emails(page)).toEqual([
      "alice@acme.example",
      "eve_50%@promo.example",
      "eve50x@promo.example",
      "frank@acme.example",
      "bob@Beta.example",
      "carol@gamma.example",
      "dave@delta.example",
    ]);
    expect(page).toMatchObject({ total: 7, totalIsCapped: false, nextCursor: null, hasSubscribers: true });
  });

  it.each([
    ["7", ["alice@acme.example", "eve_50%@promo.example", "eve50x@promo.example"]],
    [
      "30",
      [
        "alice@acme.example",
        "eve_50%@promo.example",
        "eve50x@promo.example",
        "frank@acme.example",
        "bob@Beta.example",
      ],
    ],
    [
      "90",
      [
        "alice@acme.example",
        "eve_50%@promo.example",
        "eve50x@promo.example",
        "frank@acme.example",
        "bob@Beta.example",
        "carol@gamma.example",
      ],
    ],
  ])("keeps the last %s days", async (dateRange, expected) => {
    const page = await list(storeId, { dateRange });
    expect(emails(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it("filters by status", async () => {
    expect(emails(await list(storeId, { status: "unsubscribed" }))).toEqual([
      "bob@Beta.example",
      "dave@delta.example",
    ]);
    expect(emails(await list(storeId, { status: "active" }))).toEqual([
      "alice@acme.example",
      "eve_50%@promo.example",
      "eve50x@promo.example",
      "frank@acme.example",
      "carol@gamma.example",
    ]);
  });

  it.each([
    ["SMITH", ["alice@acme.example"]],
    ["beta.EXAMPLE", ["bob@Beta.example"]],
    ["CaRoL", ["carol@gamma.example"]],
    ["promo", ["eve_50%@promo.example", "eve50x@promo.example"]],
    ["_50%", ["eve_50%@promo.example"]],
    ["50%", ["eve_50%@promo.example"]],
    ["100%", ["eve_50%@promo.example"]],
    ["% R", ["eve_50%@promo.example"]],
    ["k \\ b", ["frank@acme.example"]],
    ["  alice  ", ["alice@acme.example"]],
    ["nobody", []],
  ])("searches email and name for %j, case-insensitively and literally", async (search, expected) => {
    const page = await list(storeId, { search });
    expect(emails(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
    expect(page.hasSubscribers).toBe(true);
  });

  // One or two characters match the start of the email or the name (an index serves a prefix; no
  // index serves a substring that short).
  it.each([
    ["a", ["alice@acme.example"]],
    ["EV", ["eve_50%@promo.example", "eve50x@promo.example"]],
    ["Fr", ["frank@acme.example"]],
    ["sm", []],
    ["ac", []],
    ["_", []],
    ["%", []],
    ["\\", []],
    ["e_", []],
  ])("matches %j at the start of the email or name", async (search, expected) => {
    const page = await list(storeId, { search });
    expect(emails(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it("combines the filters", async () => {
    expect(emails(await list(storeId, { dateRange: "30", status: "unsubscribed" }))).toEqual([
      "bob@Beta.example",
    ]);
    expect(emails(await list(storeId, { dateRange: "7", status: "active", search: "EVE" }))).toEqual([
      "eve_50%@promo.example",
      "eve50x@promo.example",
    ]);
    expect(emails(await list(storeId, { dateRange: "90", search: "acme" }))).toEqual([
      "alice@acme.example",
      "frank@acme.example",
    ]);
    expect(emails(await list(storeId, { dateRange: "7", status: "unsubscribed", search: "bob" }))).toEqual(
      [],
    );
  });

  it("tells an empty store from filters matching nothing", async () => {
    const empty = await createStoreFor(signedIn.owner.admin.id, { name: "Empty" });
    expect(await list(empty.id)).toEqual({
      subscribers: [],
      nextCursor: null,
      total: 0,
      totalIsCapped: false,
      hasUnusedCodes: false,
      hasSubscribers: false,
    });
    expect(await list(empty.id, { search: "x" })).toMatchObject({ hasSubscribers: false });
    expect(await list(storeId, { search: "nobody" })).toMatchObject({ total: 0, hasSubscribers: true });
  });

  it("shows the screen unfiltered for a search PostgreSQL cannot hold (NUL)", async () => {
    const page = await signedIn.admin.get(`/store/${storeId}/subscribers?search=a%00b`, {
      headers: { Accept: "text/html" },
    });
    expect(page.status).toBe(200);
  });

  it.each([
    [{ dateRange: "14" }, "dateRange"],
    [{ dateRange: "ALL" }, "dateRange"],
    [{ status: "deleted" }, "status"],
    [{ search: "x".repeat(201) }, "search"],
    [{ search: "a\u0000b" }, "search"],
    [{ limit: "0" }, "limit"],
    [{ limit: "201" }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ limit: "1.5" }, "limit"],
    [{ cursor: "not a cursor!" }, "cursor"],
    [{ cursor: Buffer.from("yesterday|42").toString("base64url") }, "cursor"],
  ])("refuses %j with 422", async (params, field) => {
    const response = await signedIn.admin.get<{ message: string; errors: Record<string, string[]> }>(
      listPath(storeId, params),
    );
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual([field]);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe("short searches", () => {
  it("match a name's start when the email starts otherwise", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id, { name: "Short searches" });
    await seed(store.id, [
      { email: "x1@shop.example", name: "Zoe Quinn" },
      { email: "x2@shop.example", name: "Quinn Zoe" },
    ]);
    expect(emails(await list(store.id, { search: "zo" }))).toEqual(["x1@shop.example"]);
    expect(emails(await list(store.id, { search: "q" }))).toEqual(["x2@shop.example"]);
  });

  it("count up to 1,000 matches, then say the total is capped", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id, { name: "Many short matches" });
    await seed(
      store.id,
      Array.from({ length: 1_001 }, (_, index) => ({ email: `mia${index}@shop.example` })),
    );
    expect(await list(store.id, { search: "mi", limit: "10" })).toMatchObject({
      total: 1_000,
      totalIsCapped: true,
    });
    expect(await list(store.id, { search: "mia1", limit: "10" })).toMatchObject({
      total: 112,
      totalIsCapped: false,
    });
  });
});

describe("totals", () => {
  it("are exact past 10,000 with no search, from the store's counters (less the older rows, for a date range)", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id, { name: "Many unsubscribed" });
    await sqlRows(
      `insert into subscribers (store_id, email, is_active, unsubscribed_at)
       select $1::uuid, 'gone' || g || '@shop.example', g <= 12, case when g > 12 then now() end
       from generate_series(1, 10012) g`,
      [store.id],
    );
    const totals = async (params: Record<string, string>) => {
      const { total, totalIsCapped } = await list(store.id, { ...params, limit: "1" });
      return { total, totalIsCapped };
    };
    expect(await totals({})).toEqual({ total: 10_012, totalIsCapped: false });
    expect(await totals({ status: "unsubscribed" })).toEqual({ total: 10_000, totalIsCapped: false });
    expect(await totals({ status: "active" })).toEqual({ total: 12, totalIsCapped: false });
    // Every row is recent: the range is all of them, as "All time" says (not "10,000+").
    expect(await totals({ dateRange: "30" })).toEqual({ total: 10_012, totalIsCapped: false });
    expect(await totals({ dateRange: "7", status: "unsubscribed" })).toEqual({
      total: 10_000,
      totalIsCapped: false,
    });
    expect(await totals({ search: "gone" })).toEqual({ total: 1_000, totalIsCapped: true });
    expect(await totals({ search: "gone1001" })).toEqual({ total: 4, totalIsCapped: false });
  });
});

describe("search pages", () => {
  it("page through every match in list order, matches among other rows", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id, { name: "Search pages" });
    await sqlRows(
      `insert into subscribers (store_id, email, subscribed_at)
       select $1::uuid, case when g % 3 = 0 then 'garcia' else 'smith' end || g || '@shop.example',
         now() - (g || ' seconds')::interval
       from generate_series(1, 90) g`,
      [store.id],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(store.id, {
        search: "garcia",
        limit: "7",
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...emails(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, index) => `garcia${(index + 1) * 3}@shop.example`));
  });
});

describe("the sync-button flag", () => {
  it("is set only while some subscriber has a code sent but not used", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    await seed(store.id, [{ email: "nocode@acme.example", discountCodeSent: null }]);
    expect((await list(store.id)).hasUnusedCodes).toBe(false);
    await seed(store.id, [
      { email: "used@acme.example", discountCodeSent: "WELCOME15", discountCodeUsed: true },
    ]);
    expect((await list(store.id)).hasUnusedCodes).toBe(false);
    const [pending] = await seed(store.id, [
      { email: "pending@acme.example", discountCodeSent: "WELCOME15" },
    ]);
    // Not affected by the list's filters: the button is about the whole store.
    expect((await list(store.id, { search: "used@" })).hasUnusedCodes).toBe(true);
    await testDb()
      .update(subscribers)
      .set({ discountCodeUsed: true })
      .where(eq(subscribers.id, pending?.id ?? ""));
    expect((await list(store.id)).hasUnusedCodes).toBe(false);
  });
});

describe("keyset paging", () => {
  it("pages 50 by default, at most 200, and walks every row once in order", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    await sqlRows(
      `insert into subscribers (store_id, email, subscribed_at)
       select $1::uuid, 'bulk' || g || '@acme.example', now() - (g || ' minutes')::interval
       from generate_series(1, 230) g`,
      [store.id],
    );
    const first = await list(store.id);
    expect(first.subscribers).toHaveLength(50);
    expect(first.total).toBe(230);
    const big = await list(store.id, { limit: "200" });
    expect(big.subscribers).toHaveLength(200);
    const rows = await allPages(store.id, 200);
    expect(rows.map((row) => row.email)).toEqual(
      Array.from({ length: 230 }, (_, index) => `bulk${index + 1}@acme.example`),
    );
  });

  it("breaks ties on the id and keeps microseconds, so equal and near-equal times are neither skipped nor repeated", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    // Six rows in one millisecond (a JavaScript Date could not tell them apart), six at one instant.
    await sqlRows(
      `insert into subscribers (store_id, email, subscribed_at)
       select $1::uuid, 'micro' || g || '@acme.example', '2025-05-01T10:00:00.123Z'::timestamptz + (g || ' microseconds')::interval
       from generate_series(1, 6) g
       union all
       select $1::uuid, 'same' || g || '@acme.example', '2025-05-01T09:00:00Z'::timestamptz
       from generate_series(1, 6) g`,
      [store.id],
    );
    const expected = await sqlRows<{ id: string }>(
      "select id from subscribers where store_id = $1 order by subscribed_at desc, id desc",
      [store.id],
    );
    for (const limit of [1, 2, 5]) {
      const rows = await allPages(store.id, limit);
      expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    }
  });

  it("neither skips nor repeats rows while subscribers are added between pages", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    await sqlRows(
      `insert into subscribers (store_id, email, subscribed_at)
       select $1::uuid, 'steady' || g || '@acme.example', now() - (g || ' hours')::interval - ((g % 3) || ' microseconds')::interval
       from generate_series(1, 40) g`,
      [store.id],
    );
    const before = await sqlRows<{ id: string }>(
      "select id from subscribers where store_id = $1 order by subscribed_at desc, id desc",
      [store.id],
    );
    let added = 0;
    const rows = await allPages(store.id, 7, async () => {
      // New signups (newest), and rows landing between already-paged and not-yet-paged times.
      added += 1;
      await sqlRows(
        `insert into subscribers (store_id, email, subscribed_at) values
         ($1, 'new' || $2::int || '@acme.example', now()),
         ($1, 'mid' || $2::int || '@acme.example', now() - ($2::int * 9 || ' hours')::interval - interval '30 minutes')`,
        [store.id, added],
      );
    });
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size, "no row is repeated").toBe(ids.length);
    const shown = new Set(ids);
    expect(
      before.filter((row) => !shown.has(row.id)),
      "no row that existed is skipped",
    ).toEqual([]);
    // Newer than the first page: shown on a reload, never wedged into a later page.
    expect(rows.filter((row) => row.email.startsWith("new"))).toEqual([]);
    // Older than where paging had got to: they come in their place.
    expect(rows.filter((row) => row.email.startsWith("mid")).length).toBeGreaterThan(0);
    const times = rows.map((row) => Date.parse(row.subscribedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe("one subscriber", () => {
  it("returns every captured field and the consent record", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const [created] = await seed(store.id, [
      {
        email: "full@acme.example",
        name: "Full Name",
        phone: "+1 555 0100",
        company: "Acme",
        address: "Unit 4",
        street: "1 Main St",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        country: "US",
        sessionId: "sess_0123456789abcdef",
        discountCodeSent: "WELCOME15",
        consentPageUrl: "https://acme.example/pricing",
        consentIp: "203.0.113.9",
        consentUserAgent: "Mozilla/5.0 Test",
        confirmationRequired: true,
        confirmedAt: new Date("2025-02-03T04:05:06Z"),
      },
    ]);
    const response = await signedIn.admin.get<Record<string, unknown>>(
      `/api/stores/${store.id}/subscribers/${created?.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created?.id,
      email: "full@acme.example",
      name: "Full Name",
      phone: "+1 555 0100",
      company: "Acme",
      address: "Unit 4",
      street: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "US",
      sessionId: "sess_0123456789abcdef",
      discountCodeSent: "WELCOME15",
      discountCodeUsed: false,
      isActive: true,
      source: "popup",
      consentPageUrl: "https://acme.example/pricing",
      consentIp: "203.0.113.9",
      consentUserAgent: "Mozilla/5.0 Test",
      consentedAt: expect.any(String),
      confirmationRequired: true,
      confirmedAt: "2025-02-03T04:05:06.000Z",
      subscribedAt: expect.any(String),
      unsubscribedAt: null,
    });
    expect(response.body).not.toHaveProperty("storeId");
  });

  it("answers 404 for another store's subscriber, another organization's, and ids that are not uuids", async () => {
    const mine = await createStoreFor(signedIn.owner.admin.id);
    const sibling = await createStoreFor(signedIn.owner.admin.id);
    const [row] = await seed(sibling.id, [{ email: "sibling@acme.example" }]);
    expect((await signedIn.admin.get(`/api/stores/${mine.id}/subscribers/${row?.id}`)).status).toBe(404);
    expect((await signedIn.admin.get(`/api/stores/${mine.id}/subscribers/not-a-uuid`)).status).toBe(404);
    const other = await createSecondOrganization();
    const stranger = new HttpClient(signedIn.app.url);
    await stranger.login(other.email, other.password);
    const response = await stranger.get(`/api/stores/${sibling.id}/subscribers/${row?.id}`);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain("sibling@acme.example");
  });
});

describe("deleting a subscriber", () => {
  it("deletes it and nothing else", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const [doomed, kept] = await seed(store.id, [
      { email: "doomed@acme.example" },
      { email: "kept@acme.example" },
    ]);
    const response = await signedIn.admin.delete(`/api/stores/${store.id}/subscribers/${doomed?.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Subscriber deleted" });
    expect(emails(await list(store.id))).toEqual([kept?.email]);
    expect((await signedIn.admin.delete(`/api/stores/${store.id}/subscribers/${doomed?.id}`)).status).toBe(
      404,
    );
  });

  it("answers 404 for another store's subscriber and leaves it", async () => {
    const mine = await createStoreFor(signedIn.owner.admin.id);
    const sibling = await createStoreFor(signedIn.owner.admin.id);
    const [row] = await seed(sibling.id, [{ email: "safe@acme.example" }]);
    const response = await signedIn.admin.delete(`/api/stores/${mine.id}/subscribers/${row?.id}`);
    expect(response.status).toBe(404);
    expect(
      await testDb()
        .select()
        .from(subscribers)
        .where(eq(subscribers.id, row?.id ?? "")),
    ).toHaveLength(1);
  });

  it("refuses a member who may only view subscribers (403) but lets them list and export", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const [row] = await seed(store.id, [{ email: "viewed@acme.example" }]);
    const viewer = await createMember(signedIn.owner.organization.id, { view_subscribers: true });
    const client = new HttpClient(signedIn.app.url);
    await client.login(viewer.email, viewer.password);
    expect(emails(await list(store.id, {}, client))).toEqual(["viewed@acme.example"]);
    expect((await client.get(`/api/stores/${store.id}/subscribers/${row?.id}`)).status).toBe(200);
    const response = await client.delete(`/api/stores/${store.id}/subscribers/${row?.id}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect((await exportCsv(store.id, {}, client)).status).toBe(200);
    expect(
      await testDb()
        .select()
        .from(subscribers)
        .where(eq(subscribers.id, row?.id ?? "")),
    ).toHaveLength(1);
  });
});

describe("CSV export", () => {
  it("quotes as RFC 4180 says, keeps unicode and neutralises formulas", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id, { name: "Ünïcode & Co, Ltd" });
    const [row] = await seed(store.id, [
      {
        email: "=SUM(A1)@acme.example",
        name: 'Smith, "Jr."',
        phone: "+1",
        company: "Line one\nLine two",
        address: "Carriage\r\nreturn",
        street: "東京都 1-2-3",
        city: "Zürich",
        state: "-1",
        zipCode: "@cmd",
        country: "\tTabbed",
        discountCodeSent: "WELCOME15",
        discountCodeUsed: true,
        subscribedAt: new Date("2025-01-02T03:04:05.678Z"),
        consentPageUrl: "https://acme.example/?a=1,b=2",
        consentIp: "203.0.113.9",
        consentedAt: new Date("2025-01-02T03:04:05Z"),
        consentVersion: "0123456789abcdef",
        firstName: "=Ann",
        birthdayDay: 4,
        birthdayMonth: 3,
        phoneConsentedAt: new Date("2025-01-02T03:05:00Z"),
      },
    ]);
    await testDb()
      .insert(consentTexts)
      .values({ storeId: store.id, version: "0123456789abcdef", text: "=Join, Ünïcode's list" });
    const response = await exportCsv(store.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="subscribers-unicode-co-ltd-${today}.csv"`,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.text).toContain('"Smith, ""Jr."""');
    expect(response.text).toContain('"Line one\nLine two"');
    expect(csvRecords(response.text)).toEqual([
      [
        row?.id,
        "'=SUM(A1)@acme.example",
        'Smith, "Jr."',
        "'+1",
        "Line one\nLine two",
        "Carriage\r\nreturn",
        "東京都 1-2-3",
        "Zürich",
        "'-1",
        "'@cmd",
        "'\tTabbed",
        "Active",
        "Deliverable",
        "",
        "",
        "WELCOME15",
        "Yes",
        "2025-01-02T03:04:05.678Z",
        "",
        "https://acme.example/?a=1,b=2",
        "203.0.113.9",
        "2025-01-02T03:04:05.000Z",
        "0123456789abcdef",
        "'=Join, Ünïcode's list",
        "'=Ann",
        "03-04",
        "2025-01-02T03:05:00.000Z",
      ],
    ]);
  });

  it("applies the list's filters", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    await seed(store.id, [
      { email: "recent@acme.example", name: "Recent", subscribedAt: daysAgo(1) },
      { email: "gone@acme.example", subscribedAt: daysAgo(3), isActive: false, unsubscribedAt: daysAgo(2) },
      { email: "old@acme.example", subscribedAt: daysAgo(100) },
    ]);
    const column = (records: string[][], index: number) => records.map((record) => record[index]);
    expect(column(csvRecords((await exportCsv(store.id)).text), 1)).toEqual([
      "recent@acme.example",
      "gone@acme.example",
      "old@acme.example",
    ]);
    const unsubscribed = csvRecords((await exportCsv(store.id, { status: "unsubscribed" })).text);
    expect(column(unsubscribed, 1)).toEqual(["gone@acme.example"]);
    expect(column(unsubscribed, 11)).toEqual(["Unsubscribed"]);
    expect(column(unsubscribed, 18)[0]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(
      column(csvRecords((await exportCsv(store.id, { dateRange: "7", search: "RECENT" })).text), 1),
    ).toEqual(["recent@acme.example"]);
    expect(csvRecords((await exportCsv(store.id, { search: "nobody" })).text)).toEqual([]);
    expect((await exportCsv(store.id, { status: "maybe" })).status).toBe(422);
  });

  it("streams a large export with every row exactly once", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    await sqlRows(
      `insert into subscribers (store_id, email, name, subscribed_at)
       select $1::uuid, 'many' || g || '@acme.example', 'Reader ' || g, now() - (g || ' seconds')::interval
       from generate_series(1, 20000) g`,
      [store.id],
    );
    const response = await exportCsv(store.id);
    expect(response.status).toBe(200);
    // Streamed: sent in chunks as rows are read, so no length is known up front.
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    expect(response.headers.get("content-length")).toBeNull();
    const records = csvRecords(response.text);
    expect(records).toHaveLength(20_000);
    expect(new Set(records.map((record) => record[0])).size).toBe(20_000);
    expect(records[0]?.[1]).toBe("many1@acme.example");
    expect(records.at(-1)?.[1]).toBe("many20000@acme.example");
  });

  it("answers 404 for another organization's store", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    await seed(store.id, [{ email: "private@acme.example" }]);
    const other = await createSecondOrganization();
    const stranger = new HttpClient(signedIn.app.url);
    await stranger.login(other.email, other.password);
    const response = await exportCsv(store.id, {}, stranger);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain("private@acme.example");
  });
});
