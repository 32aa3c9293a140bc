import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribers } from "~/db/schema";
import type { SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { subscriberToken } from "~/services/email/links.server";
import { createStoreFor } from "../support/builders/actors";
import {
  KLAVIYO_PROFILES,
  MAILCHIMP_CLEAN_COLUMNS,
  MAILCHIMP_SUBSCRIBED,
  MAILCHIMP_UNSUB_COLUMNS,
  mailchimpRow,
  SHOPIFY_CUSTOMERS,
  vendorFile,
  zipOf,
} from "../support/builders/vendor-exports";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";

const signedIn = useSignedInApp();

function upload(
  storeId: string,
  body: string | Uint8Array,
  type: string,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  return signedIn.admin.post<SubscriberImportSummary>(
    `/api/stores/${storeId}/subscribers/import${search ? `?${search}` : ""}`,
    undefined,
    {
      headers: { "Content-Type": type },
      body: typeof body === "string" ? new TextEncoder().encode(body) : body,
    },
  );
}

async function imported(storeId: string, body: string | Uint8Array, fileName: string, type = "text/csv") {
  const response = await upload(storeId, body, type, { fileName });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function rowsOf(storeId: string) {
  const rows = await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
  return new Map(rows.map((row) => [row.email, row]));
}

const newStore = () => createStoreFor(signedIn.owner.admin.id);

const shopifyRow = (email: string, accepts: string) =>
  `'70${email.length},${email.split("@")[0]},,${email},${accepts},,,,,,,,,,no,0.00,0,,no,`;

const UNSUBSCRIBED_HEADER = `${MAILCHIMP_SUBSCRIBED},${MAILCHIMP_UNSUB_COLUMNS}`;
const unsubscribedRow = (email: string, at: string) =>
  mailchimpRow(email, "X", "2021-03-01 10:00:00", at, "Spring news", "c1", "NORMAL", "");

describe("the latest evidence wins over what an import finds on the list", () => {
  it("unsubscribes an address another tool's file says left, and records the file, its time and the import", async () => {
    const store = await newStore();
    const shopify = await imported(
      store.id,
      vendorFile([
        SHOPIFY_CUSTOMERS,
        shopifyRow("alice@acme.example", "yes"),
        shopifyRow("bea@acme.example", "yes"),
      ]),
      "customers_export.csv",
    );
    expect(shopify).toMatchObject({ added: 2 });
    // One who subscribed through the popup after leaving Mailchimp stays; one who subscribed before it leaves.
    await testDb()
      .insert(subscribers)
      .values([
        { storeId: store.id, email: "carl@acme.example", consentedAt: new Date("2025-02-01T00:00:00Z") },
        { storeId: store.id, email: "dora@acme.example", consentedAt: new Date("2023-01-01T00:00:00Z") },
      ]);

    const mailchimp = await imported(
      store.id,
      vendorFile([
        UNSUBSCRIBED_HEADER,
        unsubscribedRow("alice@acme.example", "2024-01-02 03:04:05"),
        unsubscribedRow("carl@acme.example", "2024-06-01 00:00:00"),
        unsubscribedRow("dora@acme.example", "2024-06-01 00:00:00"),
      ]),
      "unsubscribed_members_export_5f1e.csv",
    );
    expect(mailchimp).toMatchObject({
      vendor: "mailchimpUnsubscribed",
      unsubscribedByFile: 2,
      alreadyOnList: 3,
    });
    expect(mailchimp.existingRows.map((row) => row.detail)).toEqual([
      "Already on the list: unsubscribed by the file (In the Mailchimp audience export (unsubscribed))",
      "Already on the list: its empty fields were filled; it stays subscribed: they subscribed here on 2025-02-01, after the file's opt-out (In the Mailchimp audience export (unsubscribed))",
      "Already on the list: unsubscribed by the file (In the Mailchimp audience export (unsubscribed))",
    ]);
    const rows = await rowsOf(store.id);
    expect(rows.get("alice@acme.example")).toMatchObject({
      isActive: false,
      unsubscribeSource: "import_opt_out",
      importId: mailchimp.importId,
      importConsent: "In the Mailchimp audience export (unsubscribed)",
    });
    expect(rows.get("alice@acme.example")?.unsubscribedAt?.toISOString()).toBe("2024-01-02T03:04:05.000Z");
    expect(rows.get("bea@acme.example")?.isActive).toBe(true);
    expect(rows.get("carl@acme.example")?.isActive).toBe(true);
    expect(rows.get("dora@acme.example")).toMatchObject({ isActive: false, source: "popup" });

    // An opt-in in a file never overrides a later opt-out: Shopify's undated yes, Mailchimp's older opt-in.
    const again = await imported(
      store.id,
      vendorFile([SHOPIFY_CUSTOMERS, shopifyRow("alice@acme.example", "yes")]),
      "customers_export.csv",
    );
    expect(again).toMatchObject({ subscribedByFile: 0, unsubscribedByFile: 0 });
    const older = await imported(
      store.id,
      vendorFile([MAILCHIMP_SUBSCRIBED, mailchimpRow("alice@acme.example", "Alice", "2023-12-01 00:00:00")]),
      "subscribed_members_export_5f1e.csv",
    );
    expect(older.existingRows[0]?.detail).toContain(
      "it stays unsubscribed: an opt-out later than the file's opt-in is on record",
    );
    expect((await rowsOf(store.id)).get("alice@acme.example")?.isActive).toBe(false);
  });

  it("takes an undated opt-out (Klaviyo's UNSUBSCRIBED) as of the import, but a plain 'no' is no opt-out", async () => {
    const store = await newStore();
    await testDb()
      .insert(subscribers)
      .values([
        { storeId: store.id, email: "eli@acme.example" },
        { storeId: store.id, email: "fin@acme.example" },
      ]);
    const klaviyo = await imported(
      store.id,
      vendorFile([
        KLAVIYO_PROFILES,
        "eli@acme.example,Eli,,,,,,,,,,UNSUBSCRIBED,",
        "fin@acme.example,Fin,,,,,,,,,,NEVER_SUBSCRIBED,",
      ]),
      "profiles.csv",
    );
    expect(klaviyo).toMatchObject({ vendor: "klaviyo", unsubscribedByFile: 1 });
    const rows = await rowsOf(store.id);
    expect(rows.get("eli@acme.example")).toMatchObject({
      isActive: false,
      unsubscribeSource: "import_opt_out",
    });
    expect(rows.get("fin@acme.example")?.isActive).toBe(true);
  });
});

describe("a combined Mailchimp file, and what an import's 'not subscribed' allows later", () => {
  const combinedHeader = `${MAILCHIMP_SUBSCRIBED},${MAILCHIMP_UNSUB_COLUMNS},${MAILCHIMP_CLEAN_COLUMNS}`;
  const none = ["", "", "", "", ""];
  const noClean = ["", "", ""];

  it("reads each row by its own cells: subscribers stay subscribers, the unsubscribed and cleaned do not", async () => {
    const store = await newStore();
    const summary = await imported(
      store.id,
      vendorFile([
        combinedHeader,
        mailchimpRow("gia@acme.example", "Gia", "2022-01-01 00:00:00", ...none, ...noClean),
        mailchimpRow("hugo@acme.example", "Hugo", "2022-01-02 00:00:00", ...none, ...noClean),
        "",
        mailchimpRow(
          "ian@acme.example",
          "Ian",
          "2022-01-03 00:00:00",
          "2023-05-05 05:05:05",
          "News",
          "c2",
          "NORMAL",
          "",
          ...noClean,
        ),
        mailchimpRow(
          "jan@acme.example",
          "Jan",
          "2022-01-04 00:00:00",
          "2023-06-06 06:06:06",
          "News",
          "c2",
          "SPAM",
          "",
          ...noClean,
        ),
        mailchimpRow(
          "kai@acme.example",
          "Kai",
          "2022-01-05 00:00:00",
          ...none,
          "2023-07-07 07:07:07",
          "News",
          "c3",
        ),
        mailchimpRow(
          "kai@acme.example",
          "Kai",
          "2022-01-05 00:00:00",
          ...none,
          "2023-07-07 07:07:07",
          "News",
          "c3",
        ),
        mailchimpRow(
          "lia@acme.example",
          "Lia",
          "2022-01-06 00:00:00",
          ...none,
          "2023-08-08 08:08:08",
          "News",
          "c3",
        ),
      ]),
      "audience.csv",
    );
    expect(summary).toMatchObject({
      vendor: "mailchimp",
      consent: { columns: ["UNSUB_TIME", "CLEAN_TIME"], fileSays: "subscribed" },
      added: 2,
      notSubscribed: 4,
      repeated: 1,
    });
    const rows = await rowsOf(store.id);
    for (const email of ["gia@acme.example", "hugo@acme.example"])
      expect(rows.get(email), email).toMatchObject({
        isActive: true,
        consentTimeKnown: true,
        unsubscribeSource: null,
      });
    expect(rows.get("ian@acme.example")).toMatchObject({
      isActive: false,
      unsubscribeSource: "import_opt_out",
    });
    expect(rows.get("ian@acme.example")?.unsubscribedAt?.toISOString()).toBe("2023-05-05T05:05:05.000Z");
    expect(rows.get("kai@acme.example")).toMatchObject({
      isActive: false,
      unsubscribeSource: "import_opt_out",
      suppression: "bounced",
      suppressionReason: "Cleaned in the imported file (CLEAN_TIME: 2023-07-07 07:07:07)",
    });
  });

  it("lets a later file's opt-in subscribe one an import made not subscribed without an opt-out, never one who left", async () => {
    const store = await newStore();
    await imported(
      store.id,
      vendorFile([
        SHOPIFY_CUSTOMERS,
        shopifyRow("max@acme.example", "no"),
        shopifyRow("nia@acme.example", ""),
        shopifyRow("oto@acme.example", "yes"),
        shopifyRow("pia@acme.example", "no"),
      ]),
      "customers_export.csv",
    );
    // oto unsubscribes through a campaign's one-click link; pia's opt-out then arrives in Mailchimp's file.
    const oto = (await rowsOf(store.id)).get("oto@acme.example");
    const click = await fetch(`${signedIn.app.url}/u/${subscriberToken("unsubscribe", oto?.id ?? "")}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(click.status).toBe(200);
    const unsubscribed = await imported(
      store.id,
      vendorFile([UNSUBSCRIBED_HEADER, unsubscribedRow("pia@acme.example", "2024-02-02 00:00:00")]),
      "unsubscribed_members_export_77.csv",
    );
    expect(unsubscribed.existingRows[0]?.detail).toBe(
      "Already on the list as not subscribed: the file's opt-out is recorded (In the Mailchimp audience export (unsubscribed))",
    );

    const subscribed = await imported(
      store.id,
      vendorFile([
        MAILCHIMP_SUBSCRIBED,
        mailchimpRow("max@acme.example", "Max", "2022-02-02 02:02:02"),
        mailchimpRow("nia@acme.example", "Nia", ""),
        mailchimpRow("oto@acme.example", "Oto", "2022-02-02 02:02:02"),
        mailchimpRow("pia@acme.example", "Pia", "2022-02-02 02:02:02"),
      ]),
      "subscribed_members_export_77.csv",
    );
    expect(subscribed).toMatchObject({ subscribedByFile: 2, unsubscribedByFile: 0, alreadyOnList: 4 });
    const rows = await rowsOf(store.id);
    expect(rows.get("max@acme.example")).toMatchObject({
      isActive: true,
      unsubscribedAt: null,
      unsubscribeSource: null,
      importId: subscribed.importId,
      importConsent: "In the Mailchimp audience export (subscribed)",
      consentIp: "203.0.113.7",
    });
    expect(rows.get("max@acme.example")?.consentedAt.toISOString()).toBe("2022-02-02T02:02:02.000Z");
    expect(rows.get("nia@acme.example")).toMatchObject({ isActive: true, consentTimeKnown: false });
    expect(rows.get("oto@acme.example")).toMatchObject({ isActive: false, unsubscribeSource: "subscriber" });
    expect(rows.get("pia@acme.example")).toMatchObject({
      isActive: false,
      unsubscribeSource: "import_opt_out",
    });
    expect(subscribed.existingRows.find((row) => row.email === "oto@acme.example")?.detail).toContain(
      "it stays unsubscribed: they unsubscribed themselves",
    );
  });
});

describe("Mailchimp's ZIP and files that are not CSV", () => {
  it("reads each CSV of Mailchimp's audience ZIP with its own status", async () => {
    const store = await newStore();
    const zip = zipOf({
      "subscribed_members_export_9a.csv": vendorFile([
        MAILCHIMP_SUBSCRIBED,
        mailchimpRow("quy@acme.example", "Quy", "2022-03-03 03:03:03"),
        mailchimpRow("ron@acme.example", "Ron", "2022-03-03 03:03:03"),
      ]),
      "unsubscribed_members_export_9a.csv": vendorFile([
        UNSUBSCRIBED_HEADER,
        unsubscribedRow("sue@acme.example", "2023-03-03 03:03:03"),
      ]),
      "cleaned_members_export_9a.csv": vendorFile([
        `${MAILCHIMP_SUBSCRIBED},${MAILCHIMP_CLEAN_COLUMNS}`,
        mailchimpRow("tia@acme.example", "Tia", "2022-03-03 03:03:03", "2023-04-04 04:04:04", "News", "c9"),
      ]),
      "__MACOSX/._subscribed_members_export_9a.csv": "\u0000\u0005binary",
    });
    const summary = await imported(store.id, zip, "members_export_9a.zip", "application/zip");
    expect(summary).toMatchObject({ vendor: "mailchimp", added: 2, notSubscribed: 2, errorCount: 0 });
    expect(summary.files).toEqual([
      { name: "unsubscribed_members_export_9a.csv", vendor: "mailchimpUnsubscribed" },
      { name: "cleaned_members_export_9a.csv", vendor: "mailchimpCleaned" },
      { name: "subscribed_members_export_9a.csv", vendor: "mailchimpSubscribed" },
    ]);
    const rows = await rowsOf(store.id);
    expect(rows.get("quy@acme.example")?.isActive).toBe(true);
    expect(rows.get("sue@acme.example")).toMatchObject({
      isActive: false,
      unsubscribeSource: "import_opt_out",
    });
    expect(rows.get("tia@acme.example")).toMatchObject({ isActive: false, suppression: "bounced" });
  });

  it("refuses binary files, workbooks, encrypted or damaged ZIPs with 422 and what to do, writing nothing", async () => {
    const store = await newStore();
    const csv = vendorFile([SHOPIFY_CUSTOMERS, shopifyRow("uma@acme.example", "yes")]);
    const zipped = zipOf({ "customers.csv": csv });
    const cases: [string | Uint8Array, string, string][] = [
      [
        new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x0a, 0]),
        "text/csv",
        "This file is a PDF, not a CSV",
      ],
      [new Uint8Array([0x45, 0x6d, 0x61, 0x69, 0x6c, 0, 0, 0x01]), "text/csv", "This file is not a CSV"],
      [
        zipOf({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" }),
        "application/zip",
        "This file is an Excel workbook, not a CSV: in Excel, export or save it as CSV",
      ],
      [zipOf({ "customers.csv": csv }, { encrypted: true }), "application/zip", "is encrypted"],
      [zipped.subarray(0, zipped.length - 30), "application/zip", "The ZIP file is damaged"],
      [zipOf({ "notes.txt": "hello" }), "application/zip", "The ZIP file holds no CSV file"],
      [csv, "application/zip", "This file is not a ZIP file"],
    ];
    for (const [body, type, message] of cases) {
      const response = await upload(store.id, body, type);
      expect(response.status, message).toBe(422);
      expect((response.body as unknown as { message: string }).message).toContain(message);
    }
    expect((await rowsOf(store.id)).size).toBe(0);
  });
});
