import { and, desc, eq, ne, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { campaigns } from "~/db/schema";
import { uniqueSlug } from "~/lib/campaign-slug";
import { isUuid } from "~/lib/ids";
import { applyContentChanges, defaultCampaignContent } from "~/lib/schemas/campaign-content";
import type { CampaignDetail, CampaignListItem } from "~/lib/schemas/campaign-views";
import {
  type CampaignAudience,
  type CampaignUpdate,
  defaultCampaignAudience,
  type NewCampaign,
} from "~/lib/schemas/campaigns";
import { conflict, notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { storePostalAddress } from "~/services/email/template.server";
import { requireStore } from "~/services/stores/crud.server";
import { countAudience } from "./audience.server";
import { campaignProgress, withFigures } from "./figures.server";

export type CampaignRow = typeof campaigns.$inferSelect;

const CAMPAIGN_NOT_FOUND = "Campaign not found";

/**
 * Only a draft may be changed or deleted: a scheduled, sending or paused campaign has (or is about to have)
 * mailed some subscribers the saved version, and a sent or cancelled one is the record of what went out.
 */
const notDraft = (status: CampaignRow["status"]) =>
  conflict(`Only a draft campaign can be changed or deleted; this one is ${status}`);

/** A campaign of a store the actor may manage campaigns of; another organization's ids are not found. */
export async function requireCampaign(
  actor: Actor,
  storeId: string,
  campaignId: string,
): Promise<CampaignRow> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  if (!isUuid(campaignId)) throw notFound(CAMPAIGN_NOT_FOUND);
  const [campaign] = await db()
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.storeId, store.id), eq(campaigns.id, campaignId)));
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

/**
 * Searching the subscribers is reading them: with a search of their choosing, the audience count (or "nobody
 * to send to") would give a member without View Subscribers the list's addresses letter by letter. A search
 * that differs from the saved one (any search, for a new campaign) needs that permission.
 */
function authorizeSearch(actor: Actor, audience: CampaignAudience | undefined, saved = ""): void {
  if (audience?.search && audience.search !== saved) authorize(actor, "view_subscribers");
}

/** The name's slug, free in the store (but for `except`); the store's campaigns are locked until commit. */
async function freeSlug(tx: Transaction, storeId: string, name: string, except?: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`campaigns:${storeId}`}))`);
  const rows = await tx
    .select({ slug: campaigns.slug })
    .from(campaigns)
    .where(and(eq(campaigns.storeId, storeId), ...(except ? [ne(campaigns.id, except)] : [])));
  return uniqueSlug(name, new Set(rows.map((row) => row.slug)));
}

/** The store's campaigns, newest first, each with its headline figures. */
export async function listCampaigns(actor: Actor, storeId: string): Promise<CampaignListItem[]> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  const rows = await db()
    .select()
    .from(campaigns)
    .where(eq(campaigns.storeId, store.id))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return withFigures(rows);
}

/** One campaign, with how many subscribers its audience reaches now and where its recipients are. */
export async function getCampaign(
  actor: Actor,
  storeId: string,
  campaignId: string,
): Promise<CampaignDetail> {
  const campaign = await requireCampaign(actor, storeId, campaignId);
  const [audienceCount, progress] = await Promise.all([
    countAudience(campaign.storeId, campaign.audience),
    campaignProgress(campaign.id),
  ]);
  return { ...campaign, audienceCount, progress };
}

/**
 * A new draft: its content starts from a new campaign's (campaign-content.ts) with the store's postal address
 * from its email footer, its audience from every subscriber.
 */
export async function createCampaign(
  actor: Actor,
  storeId: string,
  input: NewCampaign,
): Promise<CampaignRow> {
  authorize(actor, "manage_campaigns");
  authorizeSearch(actor, input.audience);
  const store = await requireStore(actor, storeId);
  const { content, audience, ...columns } = input;
  const companyAddress = await storePostalAddress(store.id);
  const created = await db().transaction(async (tx) => {
    const slug = await freeSlug(tx, store.id, input.name);
    const [row] = await tx
      .insert(campaigns)
      .values({
        ...columns,
        storeId: store.id,
        slug,
        content: applyContentChanges({ ...defaultCampaignContent, companyAddress }, content ?? {}),
        audience: audience ?? defaultCampaignAudience,
      })
      .returning();
    return row;
  });
  if (!created) throw notFound(CAMPAIGN_NOT_FOUND);
  return created;
}

/** Changes a draft (409 otherwise); a new name gives it a new slug. Read again under a row lock to merge the content. */
export async function updateCampaign(
  actor: Actor,
  storeId: string,
  campaignId: string,
  changes: CampaignUpdate,
): Promise<CampaignRow> {
  const { id } = await requireCampaign(actor, storeId, campaignId);
  const { content, ...columns } = changes;
  const updated = await db().transaction(async (tx) => {
    const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    authorizeSearch(actor, changes.audience, current.audience.search);
    if (current.status !== "draft") throw notDraft(current.status);
    const renamed = columns.name !== undefined && columns.name !== current.name;
    const [row] = await tx
      .update(campaigns)
      .set({
        ...columns,
        ...(renamed && columns.name ? { slug: await freeSlug(tx, current.storeId, columns.name, id) } : {}),
        ...(content ? { content: applyContentChanges(current.content, content) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, id))
      .returning();
    return row;
  });
  if (!updated) throw notFound(CAMPAIGN_NOT_FOUND);
  return updated;
}

/** Deletes a draft (409 otherwise). */
export async function deleteCampaign(actor: Actor, storeId: string, campaignId: string): Promise<void> {
  const { id } = await requireCampaign(actor, storeId, campaignId);
  await db().transaction(async (tx) => {
    const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (current.status !== "draft") throw notDraft(current.status);
    await tx.delete(campaigns).where(eq(campaigns.id, id));
  });
}
