import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSends, subscribers } from "~/db/schema";
import { MAX_IMPORT_BYTES, type SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { createStoreFor } from "../support/builders/actors";
import { createMember, createSecondOrganization } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";
import { type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";

let sink: SmtpSink;

// Registered before the app's hooks so that it stops after the app: the app's pooled SMTP connections would
// otherwise hold the sink's close.
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.stop();
});
const signedIn = useSignedInApp({ ALLOW_PRIVATE_NETWORK_TARGETS: "true" });

function importCsv(storeId: string, csv: string, query = "", client = signedIn.admin) {
  return client.post<SubscriberImportSummary>(
    `/api/stores/${storeId}/subscribers/import${query}`,
    undefined,
    {
      headers: { "Content-Type": "text/csv" },
      body: new TextEncoder().encode(csv),
    },
  );
}

async function imported(storeId: string, csv: string, query = "") {
  const response = await importCsv(storeId, csv, query);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function rowsOf(storeId: string) {
  return testDb()
    .select()
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId))
    .orderBy(subscribers.email);
}

async function newStore() {
  return createStoreFor(signedIn.owner.admin.id);
}

describe("subscriber CSV import", () => {
  it("maps the header's aliases to subscriber fields, normalises addresses and records the consent as an import", async () => {
    const store = await newStore();
    const before = new Date();
    const summary = await imported(
      store.id,
      "\uFEFFE-Mail Address,First Name,Zip Code,Postal code,Favourite colour,City\r\n" +
        "  Ann@ACME.Example ,Ann,75001,99999,blue,Paris\r\n" +
        "bob@acme.example,,,,,\r\n",
    );
    expect(summary).toMatchObject({
      vendor: "generic",
      consent: { columns: [], fileSays: null },
      added: 2,
      notSubscribed: 0,
      updated: 0,
      skipped: 0,
      errors: [],
      errorCount: 0,
      ignoredColumns: ["Postal code", "Favourite colour"],
    });
    const rows = await rowsOf(store.id);
    expect(rows.map((row) => [row.email, row.name, row.zipCode, row.city])).toEqual([
      ["Ann@acme.example", "Ann", "75001", "Paris"],
      ["bob@acme.example", null, null, null],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ source: "import", consentPageUrl: null, isActive: true });
      expect(row.consentedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    }
  });

  it("fills only the empty fields of addresses already on the list, never reactivates, and lets a file's first row win", async () => {
    const store = await newStore();
    await testDb()
      .insert(subscribers)
      .values([
        { storeId: store.id, email: "known@acme.example", city: "Paris", source: "popup" },
        {
          storeId: store.id,
          email: "left@acme.example",
          isActive: false,
          unsubscribedAt: new Date(),
        },
        { storeId: store.id, email: "complete@acme.example", name: "Cleo", city: "Rome" },
      ]);
    const summary = await imported(
      store.id,
      [
        "email,name,city",
        "KNOWN@acme.example,Kim,Lyon",
        "left@acme.example,Lee,",
        "complete@acme.example,Other,Oslo",
        "new@acme.example,First,",
        "NEW@ACME.example,Second,Berlin",
      ].join("\n"),
    );
    expect(summary).toMatchObject({ added: 1, updated: 2, skipped: 2, errorCount: 0 });
    const rows = await rowsOf(store.id);
    expect(rows.map((row) => [row.email, row.name, row.city, row.isActive, row.source])).toEqual([
      ["complete@acme.example", "Cleo", "Rome", true, "popup"],
      ["known@acme.example", "Kim", "Paris", true, "popup"],
      ["left@acme.example", "Lee", null, false, "popup"],
      ["new@acme.example", "First", null, true, "import"],
    ]);
  });

  it("reports each refused row with the line it starts on, counting the lines of quoted fields", async () => {
    const store = await newStore();
    const csv = [
      "name,email",
      '"Two\nlines",two@acme.example',
      "No address,",
      '"Three\r\nline\nname","a@b.com,c@acme.example"',
      "Temp,someone@mailinator.com",
      '"Quote ""inside""",not-an-address',
      "Fine,fine@acme.example",
      '"Open quote,open@acme.example',
    ].join("\r\n");
    const summary = await imported(store.id, csv);
    expect(summary.added).toBe(2);
    expect(summary.errors).toEqual([
      { line: 4, reason: "Email address is required" },
      { line: 5, reason: "a@b.com,c@acme.example: Please enter a valid email address" },
      {
        line: 8,
        reason:
          "someone@mailinator.com: Temporary email addresses are not allowed. Please use your permanent email.",
      },
      { line: 9, reason: "not-an-address: Please enter a valid email address" },
      { line: 11, reason: "A quoted field is not closed before the end of the file" },
    ]);
    expect(summary.errorCount).toBe(5);
    expect((await rowsOf(store.id)).map((row) => row.email)).toEqual([
      "fine@acme.example",
      "two@acme.example",
    ]);
  });

  it("refuses a field longer than the popup's fields may be, or holding a NUL character", async () => {
    const store = await newStore();
    const csv = `email,name,city\nlong@acme.example,${"n".repeat(201)},\nnul@acme.example,Nul,Pa\u0000ris\n`;
    expect((await imported(store.id, csv)).errors).toEqual([
      { line: 2, reason: "Full name is longer than 200 characters" },
      { line: 3, reason: "City contains a NUL character" },
    ]);
    expect(await rowsOf(store.id)).toEqual([]);
  });

  it("lists the first 100 refused rows and counts them all", async () => {
    const store = await newStore();
    const bad = Array.from({ length: 150 }, (_, index) => `bad-${index}`);
    const summary = await imported(store.id, ["email", ...bad, "good@acme.example"].join("\n"));
    expect(summary.errorCount).toBe(150);
    expect(summary.errors).toHaveLength(100);
    expect(summary.errors[99]).toEqual({ line: 101, reason: "bad-99: Please enter a valid email address" });
    expect(summary.added).toBe(1);
  });

  it("refuses a file without an email column, or an empty one, and writes nothing", async () => {
    const store = await newStore();
    const response = await importCsv(store.id, "name,city\nAnn,Paris\n");
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message: expect.stringContaining("needs an email column") });
    expect((await importCsv(store.id, "")).status).toBe(422);
    const sent = await signedIn.admin.post(`/api/stores/${store.id}/subscribers/import`, {
      email: "x@acme.example",
    });
    expect(sent.status).toBe(422);
    expect(sent.body).toMatchObject({ message: expect.stringContaining("text/csv") });
    expect(await rowsOf(store.id)).toEqual([]);
  });

  it("refuses a file over 50 MB with 413, whether its length is announced or not, and writes nothing", async () => {
    const store = await newStore();
    const blankLines = `${",".repeat(63)}\n`.repeat(16 * 1024);
    const chunks = Math.ceil(MAX_IMPORT_BYTES / blankLines.length) + 1;
    const announced = await importCsv(store.id, `email\nfirst@acme.example\n${blankLines.repeat(chunks)}`);
    expect(announced.status).toBe(413);
    expect(announced.body).toMatchObject({ message: expect.stringContaining("at most 50 MB") });

    const encoder = new TextEncoder();
    let sent = 0;
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(encoder.encode("email\nfirst@acme.example\n"));
        if (sent++ > chunks) return controller.close();
        controller.enqueue(encoder.encode(blankLines));
      },
    });
    const response = await fetch(`${signedIn.app.url}/api/stores/${store.id}/subscribers/import`, {
      method: "POST",
      headers: {
        Cookie: `np_session=${signedIn.admin.sessionToken}`,
        Origin: signedIn.app.url,
        "Content-Type": "text/csv",
      },
      body: streamed,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await rowsOf(store.id)).toEqual([]);
  });

  it("is not taken for a subscriber id: other methods on the import path answer 405", async () => {
    const store = await newStore();
    const response = await signedIn.admin.get(`/api/stores/${store.id}/subscribers/import`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("imports 20,000 rows in batches and keeps the store's counters exact", async () => {
    const store = await newStore();
    const lines = Array.from({ length: 20_000 }, (_, index) => `bulk-${index}@acme.example,Person ${index}`);
    const csv = ["email,name", ...lines, "bulk-0@acme.example,Again"].join("\n");
    expect(await imported(store.id, csv)).toMatchObject({
      added: 20_000,
      updated: 0,
      skipped: 1,
      errorCount: 0,
    });
    const counters = await testDb().execute<{ subscribers: string; active: string }>(
      sql`select sum(subscribers)::text as subscribers, sum(active_subscribers)::text as active
          from store_counters where store_id = ${store.id}`,
    );
    expect(counters.rows[0]).toEqual({ subscribers: "20000", active: "20000" });
    const again = await imported(store.id, csv);
    expect(again).toMatchObject({ added: 0, updated: 0, skipped: 20_001 });
  });

  it("takes two files sharing addresses at once, one after the other", async () => {
    const store = await newStore();
    const forward = Array.from({ length: 3_000 }, (_, index) => `both-${index}@acme.example`);
    const backward = [...forward].reverse().map((email) => `${email},Named`);
    const [first, second] = await Promise.all([
      importCsv(store.id, ["email", ...forward].join("\n")),
      importCsv(store.id, ["email,name", ...backward].join("\n")),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await rowsOf(store.id)).toHaveLength(3_000);
  });

  it("mails the welcome email only when asked, through the store's own SMTP server", async () => {
    const store = await newStore();
    await sendStoreMailTo(sink, store.id);
    const quiet = `quiet-${Date.now()}@acme.example`;
    const welcomed = `welcomed-${Date.now()}@acme.example`;
    expect(await imported(store.id, `email\n${quiet}\n`)).toMatchObject({ added: 1 });
    expect(await imported(store.id, `email\n${welcomed}\n`, "?welcome=true")).toMatchObject({ added: 1 });
    const message = await sink.waitForMessage((sent) => sent.envelopeTo.includes(welcomed));
    expect(message.subject).toBeTruthy();
    expect(sink.messages.filter((sent) => sent.envelopeTo.includes(quiet))).toEqual([]);
    const sends = await testDb()
      .select({ email: subscribers.email, kind: emailSends.kind })
      .from(emailSends)
      .innerJoin(subscribers, eq(subscribers.id, emailSends.subscriberId))
      .where(eq(emailSends.storeId, store.id));
    expect(sends).toEqual([{ email: welcomed, kind: "welcome" }]);
  });

  it("answers 404 for another organization's store and 403 to a member who may not manage subscribers", async () => {
    const other = await createSecondOrganization();
    const foreign = await createStoreFor(other.admin.id);
    expect((await importCsv(foreign.id, "email\nx@acme.example\n")).status).toBe(404);
    expect(await rowsOf(foreign.id)).toEqual([]);

    const store = await newStore();
    const viewer = await createMember(signedIn.owner.organization.id, { view_subscribers: true });
    const client = new HttpClient(signedIn.app.url);
    await client.login(viewer.email, viewer.password);
    const response = await importCsv(store.id, "email\nx@acme.example\n", "", client);
    expect(response.status).toBe(403);
    expect(await rowsOf(store.id)).toEqual([]);
  });
});
