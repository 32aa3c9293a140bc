import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriberImports, subscribers } from "~/db/schema";
import type { SubscriberImportStatus, SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { createStoreFor } from "../support/builders/actors";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";

const signedIn = useSignedInApp();

function importCsv(storeId: string, csv: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return signedIn.admin.post<SubscriberImportSummary>(
    `/api/stores/${storeId}/subscribers/import${search ? `?${search}` : ""}`,
    undefined,
    { headers: { "Content-Type": "text/csv" }, body: new TextEncoder().encode(csv) },
  );
}

async function imported(storeId: string, csv: string, query: Record<string, string> = {}) {
  const response = await importCsv(storeId, csv, query);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function rowsOf(storeId: string) {
  const rows = await testDb()
    .select()
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId))
    .orderBy(subscribers.email);
  return new Map(rows.map((row) => [row.email, row]));
}

const newStore = () => createStoreFor(signedIn.owner.admin.id);

/** A file as the vendors write them: a byte order mark, CRLF line ends. */
const file = (lines: string[]) => `\uFEFF${lines.join("\r\n")}\r\n`;

describe("consent-aware CSV imports", () => {
  it("imports a Shopify customers export: only 'Accepts Email Marketing = yes' is active, names joined, fields kept", async () => {
    const store = await newStore();
    const csv = file([
      "First Name,Last Name,Email,Company,Address1,Address2,City,Province,Province Code,Country,Country Code,Zip,Phone,Accepts Email Marketing,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags",
      'Ann,Archer,ann@acme.example,Acme,"1 Main St",,Paris,,,France,FR,75001,+33100000000,yes,no,10.00,1,"Likes\r\nlong notes",no,"vip, newsletter"',
      "Bob,Baker,bob@acme.example,,,,Lyon,,,France,FR,69001,,no,no,0.00,0,,no,",
      "Cid,,cid@acme.example,,,,,,,,,,,,no,0.00,0,,no,",
    ]);
    const summary = await imported(store.id, csv, { fileName: "customers_export.csv" });
    expect(summary).toMatchObject({
      vendor: "shopify",
      fileName: "customers_export.csv",
      consent: { columns: ["Accepts Email Marketing"], fileSays: null },
      added: 1,
      notSubscribed: 2,
      errorCount: 0,
    });
    expect(summary.notSubscribedRows).toEqual([
      { line: 4, email: "bob@acme.example", detail: "Not subscribed: Accepts Email Marketing: no" },
      { line: 5, email: "cid@acme.example", detail: "Not subscribed: Accepts Email Marketing: (empty)" },
    ]);
    const rows = await rowsOf(store.id);
    expect(rows.get("ann@acme.example")).toMatchObject({
      isActive: true,
      name: "Ann Archer",
      company: "Acme",
      address: "1 Main St",
      city: "Paris",
      zipCode: "75001",
      country: "France",
      phone: "+33100000000",
      tags: ["vip", "newsletter"],
      source: "import",
      importId: summary.importId,
      importConsent: "Accepts Email Marketing: yes",
    });
    expect(rows.get("bob@acme.example")).toMatchObject({ isActive: false, name: "Bob Baker", city: "Lyon" });
    expect(rows.get("bob@acme.example")?.unsubscribedAt).not.toBeNull();
    expect(rows.get("cid@acme.example")).toMatchObject({ isActive: false, name: "Cid" });
    const [record] = await testDb()
      .select()
      .from(subscriberImports)
      .where(eq(subscriberImports.id, summary.importId));
    expect(record).toMatchObject({ fileName: "customers_export.csv", vendor: "shopify", storeId: store.id });
  });

  it("reads Shopify's newer export headers (Customer ID, Default Address …)", async () => {
    const store = await newStore();
    const csv = file([
      "Customer ID,First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags",
      "'7001,Dee,Dale,dee@acme.example,yes,Dale Ltd,2 High St,,Leeds,,GB,LS1,+441130000000,,no,0,0,,no,",
      "'7002,Eve,Ellis,eve@acme.example,no,,,,York,,GB,YO1,,,no,0,0,,no,",
    ]);
    const summary = await imported(store.id, csv);
    expect(summary).toMatchObject({ vendor: "shopify", added: 1, notSubscribed: 1 });
    const rows = await rowsOf(store.id);
    expect(rows.get("dee@acme.example")).toMatchObject({
      isActive: true,
      name: "Dee Dale",
      company: "Dale Ltd",
      address: "2 High St",
      city: "Leeds",
      state: null,
      zipCode: "LS1",
      country: "GB",
      phone: "+441130000000",
    });
    expect(rows.get("eve@acme.example")?.isActive).toBe(false);
  });

  it("imports Mailchimp's audience files: the subscribed file with its opt-in time and IP, the unsubscribed and cleaned ones as not subscribed", async () => {
    const store = await newStore();
    const columns =
      "Email Address,First Name,Last Name,Address,Phone Number,MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,GMTOFF,DSTOFF,TIMEZONE,CC,REGION,LAST_CHANGED,LEID,EUID,NOTES,TAGS";
    const subscribed = await imported(
      store.id,
      file([
        columns,
        'fay@acme.example,Fay,Fox,"3 Elm Rd  Springfield  IL  62701  US",,2,"2023-04-05 14:22:11",203.0.113.7,"2023-04-05 14:25:00",203.0.113.7,,,,,,US,IL,"2023-04-05 14:25:00",111,aaa,,"""VIP"",""Spring sale"""',
        "gus@acme.example,Gus,,,,2,,,,,,,,,,,,2023-01-01 00:00:00,112,bbb,,",
      ]),
      { fileName: "subscribed_members_export_abc.csv" },
    );
    expect(subscribed).toMatchObject({
      vendor: "mailchimpSubscribed",
      consent: { columns: [], fileSays: "subscribed" },
      added: 2,
      notSubscribed: 0,
    });
    const unsubscribed = await imported(
      store.id,
      file([
        `${columns},UNSUB_TIME,UNSUB_CAMPAIGN_TITLE,UNSUB_CAMPAIGN_ID,UNSUB_REASON,UNSUB_REASON_OTHER`,
        'hal@acme.example,Hal,,,,1,"2022-02-02 10:00:00",198.51.100.2,,,,,,,,,,"2024-01-01 09:00:00",113,ccc,,,"2024-01-01 09:00:00",Winter,abc123,"NORMAL",',
      ]),
      { fileName: "unsubscribed_members_export_abc.csv" },
    );
    expect(unsubscribed).toMatchObject({ vendor: "mailchimpUnsubscribed", added: 0, notSubscribed: 1 });
    const cleaned = await imported(
      store.id,
      file([
        `${columns},CLEAN_TIME,CLEAN_CAMPAIGN_TITLE,CLEAN_CAMPAIGN_ID`,
        'ivy@acme.example,Ivy,,,,1,,,,,,,,,,,,"2024-02-01 09:00:00",114,ddd,,,"2024-02-01 08:00:00",Spring,def456',
      ]),
      { fileName: "cleaned_members_export_abc.csv" },
    );
    expect(cleaned).toMatchObject({ vendor: "mailchimpCleaned", added: 0, notSubscribed: 1 });

    const rows = await rowsOf(store.id);
    expect(rows.get("fay@acme.example")).toMatchObject({
      isActive: true,
      name: "Fay Fox",
      consentIp: "203.0.113.7",
      tags: ["VIP", "Spring sale"],
      importConsent: "In the Mailchimp audience export (subscribed)",
      importId: subscribed.importId,
    });
    expect(rows.get("fay@acme.example")?.consentedAt.toISOString()).toBe("2023-04-05T14:22:11.000Z");
    expect(rows.get("fay@acme.example")?.confirmedAt?.toISOString()).toBe("2023-04-05T14:25:00.000Z");
    expect(rows.get("gus@acme.example")?.isActive).toBe(true);
    expect(rows.get("hal@acme.example")).toMatchObject({ isActive: false, consentIp: "198.51.100.2" });
    expect(rows.get("hal@acme.example")?.unsubscribedAt?.toISOString()).toBe("2024-01-01T09:00:00.000Z");
    expect(rows.get("ivy@acme.example")).toMatchObject({
      isActive: false,
      importConsent: "In the Mailchimp audience export (cleaned)",
    });
  });

  it("imports a Klaviyo profiles export by its Email Marketing Consent, keeping the consent timestamp", async () => {
    const store = await newStore();
    const csv = file([
      "Email,First Name,Last Name,Phone Number,Address,Address 2,City,State / Region,Country,Zip Code,Organization,Email Marketing Consent,Email Marketing Consent Timestamp",
      "jo@acme.example,Jo,Jones,,5 Oak Ave,,Austin,TX,United States,73301,Jones Co,SUBSCRIBED,2024-05-06T07:08:09+00:00",
      "kim@acme.example,Kim,,,,,,,,,,UNSUBSCRIBED,2024-05-06T07:08:09+00:00",
      "lee@acme.example,Lee,,,,,,,,,,NEVER_SUBSCRIBED,",
      "max@acme.example,Max,,,,,,,,,,SUPPRESSED_OR_SOMETHING_NEW,",
    ]);
    const summary = await imported(store.id, csv);
    expect(summary).toMatchObject({
      vendor: "klaviyo",
      consent: { columns: ["Email Marketing Consent"], fileSays: null },
      added: 1,
      notSubscribed: 3,
    });
    const rows = await rowsOf(store.id);
    expect(rows.get("jo@acme.example")).toMatchObject({
      isActive: true,
      name: "Jo Jones",
      state: "TX",
      company: "Jones Co",
      importConsent: "Email Marketing Consent: SUBSCRIBED",
    });
    expect(rows.get("jo@acme.example")?.consentedAt.toISOString()).toBe("2024-05-06T07:08:09.000Z");
    for (const email of ["kim@acme.example", "lee@acme.example", "max@acme.example"])
      expect(rows.get(email)?.isActive, email).toBe(false);
  });

  it("imports an Omnisend contacts export by its status, and a Privy export by its email permission", async () => {
    const store = await newStore();
    const omnisend = await imported(
      store.id,
      file([
        "email,phone,firstName,lastName,country,countryCode,state,city,address,postalCode,status,tags",
        "ned@acme.example,,Ned,North,Lithuania,LT,,Vilnius,,01100,subscribed,",
        "ola@acme.example,,Ola,,,,,,,,unsubscribed,",
        "pat@acme.example,,Pat,,,,,,,,nonSubscribed,",
      ]),
    );
    expect(omnisend).toMatchObject({ vendor: "omnisend", added: 1, notSubscribed: 2 });
    const privy = await imported(
      store.id,
      file([
        "Email,First Name,Last Name,email_permission",
        "quin@acme.example,Quin,,subscribed",
        "ray@acme.example,Ray,,unsubscribed",
      ]),
    );
    expect(privy).toMatchObject({ vendor: "privy", added: 1, notSubscribed: 1 });
    const rows = await rowsOf(store.id);
    expect(rows.get("ned@acme.example")).toMatchObject({
      isActive: true,
      name: "Ned North",
      zipCode: "01100",
      city: "Vilnius",
    });
    expect(rows.get("ola@acme.example")?.isActive).toBe(false);
    expect(rows.get("pat@acme.example")?.isActive).toBe(false);
    expect(rows.get("quin@acme.example")?.isActive).toBe(true);
    expect(rows.get("ray@acme.example")?.isActive).toBe(false);
  });

  it("says when a file carries no consent: its rows are subscribed on the merchant's word", async () => {
    const store = await newStore();
    const summary = await imported(store.id, "email,name\nsam@acme.example,Sam\n");
    expect(summary).toMatchObject({ vendor: "generic", consent: { columns: [], fileSays: null }, added: 1 });
    expect((await rowsOf(store.id)).get("sam@acme.example")).toMatchObject({
      isActive: true,
      importConsent: null,
    });
  });

  it("never reactivates nor unsubscribes an address on the list, and lists duplicates and existing addresses", async () => {
    const store = await newStore();
    await testDb()
      .insert(subscribers)
      .values([
        { storeId: store.id, email: "left@acme.example", isActive: false, unsubscribedAt: new Date() },
        { storeId: store.id, email: "here@acme.example", source: "popup" },
      ]);
    const summary = await imported(
      store.id,
      file([
        "Email,First Name,Accepts Email Marketing",
        "left@acme.example,Lou,yes",
        "here@acme.example,Hera,no",
        "twice@acme.example,One,yes",
        "TWICE@acme.example,Two,yes",
      ]),
    );
    expect(summary).toMatchObject({ added: 1, updated: 2, skipped: 1, notSubscribed: 0 });
    expect(summary.duplicateRows).toEqual([
      { line: 5, email: "TWICE@acme.example", detail: "Same address as line 4" },
    ]);
    expect(summary.existingRows).toEqual([
      {
        line: 2,
        email: "left@acme.example",
        detail: "Already on the list: its empty fields were filled; it stays unsubscribed",
      },
      {
        line: 3,
        email: "here@acme.example",
        detail:
          "Already on the list: its empty fields were filled; it stays subscribed here, though the file says Accepts Email Marketing: no",
      },
    ]);
    const rows = await rowsOf(store.id);
    expect(rows.get("left@acme.example")).toMatchObject({ isActive: false, name: "Lou", source: "popup" });
    expect(rows.get("here@acme.example")).toMatchObject({ isActive: true, name: "Hera", source: "popup" });

    const report = await signedIn.admin.get(
      `/api/stores/${store.id}/subscribers/imports/${summary.importId}/report.csv`,
    );
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toContain("text/csv");
    expect(report.text.split("\r\n").filter(Boolean)).toEqual([
      "Line,Email,Outcome,Why",
      "2,left@acme.example,Already on the list,Already on the list: its empty fields were filled; it stays unsubscribed",
      '3,here@acme.example,Already on the list,"Already on the list: its empty fields were filled; it stays subscribed here, though the file says Accepts Email Marketing: no"',
      "5,TWICE@acme.example,Skipped: repeated in the file,Same address as line 4",
    ]);
  });

  it("follows the merchant's mapping, and the import's status answers what it did", async () => {
    const store = await newStore();
    const importId = randomUUID();
    const csv = file(["Contact,Given,Family,Town,Notes", "tom@acme.example,Tom,Tate,Oslo,ignore me"]);
    const mapping = JSON.stringify({
      Contact: "email",
      Given: "firstName",
      Family: "lastName",
      Town: "skip",
    });
    const summary = await imported(store.id, csv, { mapping, importId, fileName: "mine.csv" });
    expect(summary).toMatchObject({ importId, added: 1, ignoredColumns: ["Town", "Notes"] });
    expect((await rowsOf(store.id)).get("tom@acme.example")).toMatchObject({ name: "Tom Tate", city: null });
    const status = await signedIn.admin.get<SubscriberImportStatus>(
      `/api/stores/${store.id}/subscribers/imports/${importId}`,
    );
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ state: "finished", summary });
    const again = await importCsv(store.id, csv, { mapping, importId });
    expect(again.status).toBe(409);
  });

  it("refuses a file with two consent columns until the mapping chooses one, then reads only that one", async () => {
    const store = await newStore();
    const csv = file([
      "Email,Accepts Email Marketing,Email Marketing Consent,Notes",
      "vic@acme.example,no,SUBSCRIBED,",
      "wyn@acme.example,yes,UNSUBSCRIBED,",
    ]);
    const ask =
      "This file has two consent columns, “Accepts Email Marketing” and “Email Marketing Consent”: choose which one says whether a person agreed to emails in the mapping step.";
    const unchosen: Record<string, string>[] = [
      {},
      { mapping: JSON.stringify({ Email: "email" }) },
      { mapping: JSON.stringify({ Email: "email", Notes: "consent" }) },
      {
        mapping: JSON.stringify({
          Email: "email",
          "Accepts Email Marketing": "consent",
          "Email Marketing Consent": "tags",
        }),
      },
    ];
    for (const query of unchosen) {
      const response = await importCsv(store.id, csv, query);
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect((response.body as unknown as { message: string }).message).toBe(ask);
    }
    expect((await rowsOf(store.id)).size).toBe(0);
    expect(
      await testDb().select().from(subscriberImports).where(eq(subscriberImports.storeId, store.id)),
    ).toEqual([]);

    const summary = await imported(store.id, csv, {
      mapping: JSON.stringify({ Email: "email", "Email Marketing Consent": "consent" }),
    });
    expect(summary).toMatchObject({
      consent: { columns: ["Email Marketing Consent"] },
      added: 1,
      notSubscribed: 1,
      ignoredColumns: ["Accepts Email Marketing", "Notes"],
    });
    const rows = await rowsOf(store.id);
    expect(rows.get("vic@acme.example")).toMatchObject({
      isActive: true,
      importConsent: "Email Marketing Consent: SUBSCRIBED",
    });
    expect(rows.get("wyn@acme.example")?.isActive).toBe(false);
  });

  it("refuses hostile mappings with 4xx and a clear message, writing nothing", async () => {
    const store = await newStore();
    const csv = file(["Email,Work email,Accepts Email Marketing", "uma@acme.example,uma@work.example,yes"]);
    const cases: [Record<string, string>, number, string][] = [
      [{ mapping: "{not json" }, 422, "The mapping must be a JSON object"],
      [{ mapping: "[1,2]" }, 422, "The mapping must be a JSON object"],
      [{ mapping: JSON.stringify({ Email: "password" }) }, 422, 'unknown meaning "password"'],
      [{ mapping: JSON.stringify({ Mail: "email" }) }, 422, 'the file does not have: "Mail"'],
      [
        { mapping: JSON.stringify({ Email: "email", "Work email": "email" }) },
        422,
        "Two columns are mapped to Email",
      ],
      [{ mapping: JSON.stringify({ Email: "firstName" }) }, 422, "needs an email column"],
      [
        { mapping: JSON.stringify({ Email: "email", "Accepts Email Marketing": "skip" }) },
        422,
        "says who agreed to email marketing",
      ],
      [{ mapping: "x".repeat(9_000) }, 422, "longer than 8000"],
      [{ importId: "not-a-uuid" }, 422, "importId must be a UUID"],
    ];
    for (const [query, status, message] of cases) {
      const response = await importCsv(store.id, csv, query);
      expect(response.status, JSON.stringify(query).slice(0, 80)).toBe(status);
      expect((response.body as unknown as { message: string }).message).toContain(message);
    }
    expect((await rowsOf(store.id)).size).toBe(0);
    const unknown = await signedIn.admin.get(`/api/stores/${store.id}/subscribers/imports/${randomUUID()}`);
    expect(unknown.body).toEqual({ state: "waiting" });
    const malformedId = await signedIn.admin.get(
      `/api/stores/${store.id}/subscribers/imports/nope/report.csv`,
    );
    expect(malformedId.status).toBe(404);
  });
});
