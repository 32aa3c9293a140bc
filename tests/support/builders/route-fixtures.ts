import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import {
  campaigns,
  emailClickTracking,
  flows,
  popupConfigs,
  subscriberImports,
  subscribers,
} from "~/db/schema";
import { defaultCampaignContent } from "~/lib/schemas/campaign-content";
import type { SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { builtInFlow } from "~/services/flows/templates.server";
import { sqlRows, testDb } from "../infra/db";
import type { Fixture } from "../matrices/api-routes";
import { createStoreFor } from "./actors";
import { createMember } from "./fixtures";

/** Sessions change on every signed-in read (sliding expiry), so they are no evidence of a write. */
const UNFINGERPRINTED = new Set(["sessions"]);
const CHANGES = "test_row_changes";

let counting: Promise<void> | undefined;

/**
 * Every committed change of a row in an application table adds a row to test_row_changes (rolled-back
 * work adds none; an UPDATE that leaves a row as it was is no change). Installed once per test file's
 * database, on the tables that exist then: every migration has run.
 */
async function countRowChanges(): Promise<void> {
  const tables = await sqlRows<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const statements = [
    `create table ${CHANGES} (id bigserial primary key, name text not null)`,
    `create function test_count_row_change() returns trigger language plpgsql as $$
       begin insert into ${CHANGES} (name) values (TG_TABLE_NAME); return null; end $$`,
    ...tables
      .map(({ tablename }) => tablename)
      .filter((table) => !UNFINGERPRINTED.has(table))
      .flatMap((table) => [
        `create trigger test_row_written after insert or delete on "${table}"
           for each row execute function test_count_row_change()`,
        `create trigger test_row_changed after update on "${table}"
           for each row when (old.* is distinct from new.*) execute function test_count_row_change()`,
        `create trigger test_table_emptied after truncate on "${table}"
           for each statement execute function test_count_row_change()`,
      ]),
  ];
  await testDb().$client.query(statements.join(";\n"));
}

/**
 * What application tables hold, as far as "a refused call changed nothing" needs: the number of row changes
 * committed so far, counted by triggers (a refusal must leave it as it was). Tables are listed from the
 * database, so a table added by a later migration is covered without editing this.
 */
export async function databaseFingerprint(): Promise<string> {
  counting ??= countRowChanges();
  await counting;
  const [row] = await sqlRows<{ changes: string }>(`select count(*) as changes from ${CHANGES}`);
  return `${row?.changes} row changes`;
}

/** Fresh objects in `organizationId` for one call of a route-table row (a store with two popups, member, click row, subscriber, draft campaign). */
export async function freshFixture(organizationId: string, adminId: string): Promise<Fixture> {
  const store = await createStoreFor(adminId);
  const { member } = await createMember(organizationId, {});
  const [analytics] = await testDb()
    .insert(emailClickTracking)
    .values({
      storeId: store.id,
      subscriberEmail: "reader@acme.example",
      trackingId: randomUUID(),
      originalUrl: "https://acme.example",
    })
    .returning();
  if (!analytics) throw new Error("no analytics row");
  const [subscriber] = await testDb()
    .insert(subscribers)
    .values({ storeId: store.id, email: "reader@acme.example" })
    .returning();
  if (!subscriber) throw new Error("no subscriber row");
  const [first] = await testDb()
    .select({ id: popupConfigs.id })
    .from(popupConfigs)
    .where(eq(popupConfigs.storeId, store.id))
    .orderBy(asc(popupConfigs.createdAt));
  const [second] = await testDb()
    .insert(popupConfigs)
    .values({ storeId: store.id, name: "Second popup", priority: 2, status: "live" })
    .returning({ id: popupConfigs.id });
  if (!first || !second) throw new Error("no popup rows");
  const [campaign] = await testDb()
    .insert(campaigns)
    .values({
      storeId: store.id,
      name: "Welcome back",
      slug: "welcome-back",
      subject: "We missed you",
      content: defaultCampaignContent,
    })
    .returning({ id: campaigns.id });
  if (!campaign) throw new Error("no campaign row");
  const welcome = builtInFlow("welcome-series", "");
  const [flow] = await testDb()
    .insert(flows)
    .values({ storeId: store.id, ...welcome })
    .returning({ id: flows.id });
  if (!flow) throw new Error("no flow row");
  const importId = randomUUID();
  await testDb()
    .insert(subscriberImports)
    .values({
      id: importId,
      storeId: store.id,
      fileName: "list.csv",
      vendor: "generic",
      summary: finishedImport(importId),
    });
  return {
    storeId: store.id,
    memberId: member.id,
    analyticsId: analytics.id,
    subscriberId: subscriber.id,
    popupId: first.id,
    secondPopupId: second.id,
    campaignId: campaign.id,
    flowId: flow.id,
    importId,
  };
}

/** What an import of one new address answered. */
function finishedImport(importId: string): SubscriberImportSummary {
  return {
    importId,
    fileName: "list.csv",
    vendor: "generic",
    consent: { columns: [], fileSays: null },
    added: 1,
    notSubscribed: 0,
    unsubscribedByFile: 0,
    subscribedByFile: 0,
    updated: 0,
    skipped: 0,
    repeated: 0,
    alreadyOnList: 0,
    errors: [],
    errorCount: 0,
    ignoredColumns: [],
    files: [{ name: "list.csv", vendor: "generic" }],
    notSubscribedRows: [],
    duplicateRows: [],
    existingRows: [],
    reportRows: 0,
  };
}
