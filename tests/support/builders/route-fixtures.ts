import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { campaigns, emailClickTracking, popupConfigs, subscribers } from "~/db/schema";
import { defaultCampaignContent } from "~/lib/schemas/campaign-content";
import { sqlRows, testDb } from "../infra/db";
import type { Fixture } from "../matrices/api-routes";
import { createStoreFor } from "./actors";
import { createMember } from "./fixtures";

/** Sessions change on every signed-in read (sliding expiry), so they are no evidence of a write. */
const UNFINGERPRINTED = new Set(["sessions"]);

/**
 * A digest of every application table, for "a refused call changed nothing". Tables are listed from
 * the database, so a table added by a later migration is covered without editing this.
 */
export async function databaseFingerprint(): Promise<string> {
  const tables = await sqlRows<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const digests = tables
    .map(({ tablename }) => tablename)
    .filter((table) => !UNFINGERPRINTED.has(table))
    .map(
      (table) =>
        `select '${table}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`,
    );
  const rows = await sqlRows<{ name: string; digest: string }>(digests.join(" union all "));
  return rows.map((row) => `${row.name}:${row.digest}`).join(",");
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
    .values({ storeId: store.id, name: "Second popup", priority: 2 })
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
  return {
    storeId: store.id,
    memberId: member.id,
    analyticsId: analytics.id,
    subscriberId: subscriber.id,
    popupId: first.id,
    secondPopupId: second.id,
    campaignId: campaign.id,
  };
}
