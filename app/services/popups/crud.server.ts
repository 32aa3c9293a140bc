import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { changesWelcomeTexts } from "~/lib/languages/welcome-template";
import type { NewPopup, PopupUpdate } from "~/lib/schemas/popups";
import { conflict, invalid, notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore, type StoreRow } from "~/services/stores/crud.server";
import { forgetPublicConfig } from "~/services/stores/public-config-cache.server";
import { enqueue } from "../../../jobs/client";
import { MAX_POPUPS_PER_STORE } from "../../../popup/config";
import { prizeSlices } from "../../../popup/prize-wheel";
import { defaultPopupLanguages, type PopupLanguage } from "../../../popup/texts";
import {
  imagesReferenced,
  mergePopupChanges,
  newPopupColumns,
  refuseBrokenTargeting,
  refuseEmptyExtraFields,
} from "./changes";
import { contentOf, draftFor, type PopupView, popupView, requestedStatus, workingCopyOf } from "./drafts";
import { requireStoreImages } from "./images.server";

export type PopupRow = typeof popupConfigs.$inferSelect;
type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

const POPUP_ORDER_INCOMPLETE = "List every popup of this store exactly once";
const NO_SUCH_VARIANT = "This popup has no such variant";
export const DRAFT_NOT_PUBLISHED = "This popup is a draft: publish it to show it on your site";
export const DRAFT_HAS_NO_PUBLISHED_VERSION =
  "This popup is a draft with no published version to go back to: delete it instead";

/** A store's popups in the order the storefront tries them: priority 1 first, then the oldest. */
const popupOrder = [asc(popupConfigs.priority), asc(popupConfigs.createdAt), asc(popupConfigs.id)];

/** The store's first popup (its oldest): what SPEC's /api/stores/:storeId/popup reads and writes. */
async function firstPopupOf(storeId: string): Promise<PopupRow> {
  const [popup] = await db()
    .select()
    .from(popupConfigs)
    .where(eq(popupConfigs.storeId, storeId))
    .orderBy(asc(popupConfigs.createdAt), asc(popupConfigs.id))
    .limit(1);
  if (!popup) throw notFound("Popup configuration not found");
  return popup;
}

/** A popup of a store the actor may manage popups of; another organization's ids are not found. */
export async function requirePopup(
  actor: Actor,
  storeId: string | undefined,
  popupId: string | undefined,
): Promise<{ store: StoreRow; popup: PopupRow }> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  if (!isUuid(popupId)) throw notFound("Popup not found");
  const [popup] = await db()
    .select()
    .from(popupConfigs)
    .where(and(eq(popupConfigs.storeId, store.id), eq(popupConfigs.id, popupId)));
  if (!popup) throw notFound("Popup not found");
  return { store, popup };
}

export async function getPopupConfig(actor: Actor, storeId: string): Promise<PopupView> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  return popupView(await firstPopupOf(store.id));
}

export async function listPopups(actor: Actor, storeId: string): Promise<PopupView[]> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  const rows = await db()
    .select()
    .from(popupConfigs)
    .where(eq(popupConfigs.storeId, store.id))
    .orderBy(...popupOrder);
  return rows.map(popupView);
}

export async function getPopup(actor: Actor, storeId: string, popupId: string): Promise<PopupView> {
  return popupView((await requirePopup(actor, storeId, popupId)).popup);
}

/** A store's changes take turns: the popup count and priorities are read and written under one lock. */
async function lockStorePopups(tx: Transaction, storeId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`popups:${storeId}`}))`);
}

export const WELCOME_TEXTS_NEED_EMAIL_SETTINGS =
  "A language's welcome email subject, header and body are the welcome email's: changing them needs the Manage Email Settings permission, as the Email templates screen does";

/**
 * A change of the welcome email's texts of a popup's languages needs what the welcome email itself needs
 * (manage_email_settings, as PUT …/email-template): they replace the template's subject, header and body for
 * that language's subscribers. The popup's own texts stay with manage_popups, and languages sent back with
 * their email texts unchanged (the builder's save) pass (docs/decisions/208).
 */
function authorizeWelcomeTexts(
  actor: Actor,
  before: readonly PopupLanguage[],
  after: readonly PopupLanguage[] | undefined,
): void {
  if (after && changesWelcomeTexts(before, after))
    authorize(actor, "manage_email_settings", WELCOME_TEXTS_NEED_EMAIL_SETTINGS);
}

/**
 * A popup's columns for its copy: the source as the builder shows it (its unpublished changes too), a draft,
 * "(copy)" in its name, its code not yet checked against Shopify.
 */
function copyOf(source: PopupRow) {
  return { ...contentOf(workingCopyOf(source)), name: `${source.name} (copy)` };
}

/**
 * A new popup, last in priority, a draft until it is published. With `duplicateOf`, a copy of that popup
 * (" (copy)" in its name) with the given fields applied on top; otherwise the defaults with the given fields.
 */
export async function createPopup(actor: Actor, storeId: string, input: NewPopup): Promise<PopupView> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  const { duplicateOf, ...changes } = input;
  await requireStoreImages(store.id, imagesReferenced(changes));
  const found = duplicateOf ? (await requirePopup(actor, store.id, duplicateOf)).popup : null;
  const source = found && workingCopyOf(found);
  // A copy starts with its source's languages, a new popup with the default's: only what differs is a change.
  authorizeWelcomeTexts(actor, source?.languages ?? defaultPopupLanguages, changes.languages);
  const created = await db().transaction(async (tx) => {
    await lockStorePopups(tx, store.id);
    const [[totals], [latest]] = await Promise.all([
      tx
        .select({
          popups: count(),
          last: sql<number>`coalesce(max(${popupConfigs.priority}), 0)`.mapWith(Number),
        })
        .from(popupConfigs)
        .where(eq(popupConfigs.storeId, store.id)),
      // The store's address rule is the one its merchant set last (at onboarding, or in a popup since).
      tx
        .select({ emailValidation: popupConfigs.emailValidation })
        .from(popupConfigs)
        .where(eq(popupConfigs.storeId, store.id))
        .orderBy(desc(popupConfigs.updatedAt), desc(popupConfigs.id))
        .limit(1),
    ]);
    if ((totals?.popups ?? 0) >= MAX_POPUPS_PER_STORE) {
      throw conflict(`A store can have at most ${MAX_POPUPS_PER_STORE} popups`);
    }
    const base = source ? copyOf(source) : { storeId: store.id };
    const merged = source
      ? mergePopupChanges(source, changes)
      : newPopupColumns(changes, latest?.emailValidation);
    refuseBrokenTargeting(merged);
    refuseEmptyExtraFields(merged);
    const [row] = await tx
      .insert(popupConfigs)
      .values({ ...base, ...merged, storeId: store.id, priority: (totals?.last ?? 0) + 1, status: "draft" })
      .returning();
    return row;
  });
  if (!created) throw notFound("Popup not found");
  return popupView(created);
}

/** Whether the popup's own code or a prize code of its wheel changed: the new ones are checked in Shopify. */
function codesChanged(before: PopupRow, after: PopupRow): boolean {
  const prizeCodes = (popup: PopupRow) =>
    prizeSlices(popup.wheel)
      .map(({ code }) => code)
      .join(" ");
  return after.discountCode !== before.discountCode || prizeCodes(after) !== prizeCodes(before);
}

/** Checks a popup's new codes in the connected Shopify store (the job records what it finds). */
async function checkCodesIfChanged(store: StoreRow, before: PopupRow, after: PopupRow): Promise<void> {
  if (!store.isConnected || !codesChanged(before, after)) return;
  await enqueue(
    "shopify",
    { type: "check-discount-code", storeId: store.id, popupId: after.id },
    { jobId: `check-code-${after.id}-${Date.now()}` },
  );
}

/** A new shared code has not been checked against Shopify yet. */
const uncheckedIfNewCode = (before: PopupRow, discountCode: string | undefined) =>
  discountCode !== undefined && discountCode !== before.discountCode
    ? { discountCodeInShopify: null, discountCodeCheckedAt: null }
    : {};

/**
 * The columns that store a popup's edited content: a draft's own columns (no shopper sees them), a
 * published popup's `draft` (its published columns stay as shoppers see them until it is published).
 */
function contentWrite(current: PopupRow, columns: Partial<PopupRow>) {
  if (current.status === "draft") return { ...columns, ...uncheckedIfNewCode(current, columns.discountCode) };
  return { draft: draftFor(current, contentOf({ ...workingCopyOf(current), ...columns })) };
}

/**
 * Writes a change to a popup: its name and status (pause, resume) at once, its content to what
 * contentWrite says. Nested fields merge with what is stored, so the row is read again under a row lock
 * in the same transaction: two saves of one popup at once each keep the other's fields.
 */
async function applyChanges(
  actor: Actor,
  store: StoreRow,
  popupId: string,
  changes: PopupUpdate,
): Promise<PopupView> {
  await requireStoreImages(store.id, imagesReferenced(changes));
  const { name, isActive, status, ...content } = changes;
  const wantedStatus = requestedStatus({ status, isActive });
  const { before, updated } = await db().transaction(async (tx) => {
    const [current] = await tx.select().from(popupConfigs).where(eq(popupConfigs.id, popupId)).for("update");
    if (!current) throw notFound("Popup not found");
    if (wantedStatus && current.status === "draft") throw conflict(DRAFT_NOT_PUBLISHED);
    const working = workingCopyOf(current);
    // Judged against the languages as edited, under the row lock: what the save would really change.
    authorizeWelcomeTexts(actor, working.languages, content.languages);
    const merged = mergePopupChanges(working, content);
    refuseBrokenTargeting(merged);
    refuseEmptyExtraFields(merged);
    const [row] = await tx
      .update(popupConfigs)
      .set({
        ...contentWrite(current, merged),
        ...(name !== undefined ? { name } : {}),
        ...(wantedStatus ? { status: wantedStatus } : {}),
        updatedAt: new Date(),
      })
      .where(eq(popupConfigs.id, popupId))
      .returning();
    if (!row) throw notFound("Popup not found");
    return { before: current, updated: row };
  });
  // Only a pause or resume changes what storefronts see; a draft's codes are checked as they are edited.
  if (wantedStatus) forgetPublicConfig(store.id);
  if (before.status === "draft") await checkCodesIfChanged(store, before, updated);
  return popupView(updated);
}

/**
 * Publishes a popup: its unpublished changes (a draft: all of it) become what shoppers see, and it goes
 * live. Publishing a live popup with nothing to publish changes nothing.
 */
export async function publishPopup(actor: Actor, storeId: string, popupId: string): Promise<PopupView> {
  const { store, popup } = await requirePopup(actor, storeId, popupId);
  const { before, published } = await db().transaction(async (tx) => {
    const [current] = await tx.select().from(popupConfigs).where(eq(popupConfigs.id, popup.id)).for("update");
    if (!current) throw notFound("Popup not found");
    if (current.status === "live" && current.draft === null) return { before: current, published: current };
    const [row] = await tx
      .update(popupConfigs)
      .set({
        ...(current.draft
          ? { ...current.draft, ...uncheckedIfNewCode(current, current.draft.discountCode) }
          : {}),
        draft: null,
        status: "live",
        publishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(popupConfigs.id, current.id))
      .returning();
    if (!row) throw notFound("Popup not found");
    return { before: current, published: row };
  });
  forgetPublicConfig(store.id);
  if (before.status !== "draft") await checkCodesIfChanged(store, before, published);
  return popupView(published);
}

/** Drops a published popup's unpublished changes: the builder shows the published version again. */
export async function discardPopupChanges(
  actor: Actor,
  storeId: string,
  popupId: string,
): Promise<PopupView> {
  const { popup } = await requirePopup(actor, storeId, popupId);
  if (popup.status === "draft") throw conflict(DRAFT_HAS_NO_PUBLISHED_VERSION);
  const [row] = await db()
    .update(popupConfigs)
    .set({ draft: null, updatedAt: new Date() })
    .where(eq(popupConfigs.id, popup.id))
    .returning();
  if (!row) throw notFound("Popup not found");
  return popupView(row);
}

/** SPEC's PUT /api/stores/:storeId/popup: the store's first popup. */
export async function updatePopupConfig(
  actor: Actor,
  storeId: string,
  changes: PopupUpdate,
): Promise<PopupView> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  return applyChanges(actor, store, (await firstPopupOf(store.id)).id, changes);
}

export async function updatePopup(
  actor: Actor,
  storeId: string,
  popupId: string,
  changes: PopupUpdate,
): Promise<PopupView> {
  const { store, popup } = await requirePopup(actor, storeId, popupId);
  return applyChanges(actor, store, popup.id, changes);
}

/** Deletes a popup; a store keeps at least one (SPEC's /popup always has one to answer with). */
export async function deletePopup(actor: Actor, storeId: string, popupId: string): Promise<void> {
  const { store, popup } = await requirePopup(actor, storeId, popupId);
  await db().transaction(async (tx) => {
    await lockStorePopups(tx, store.id);
    const [totals] = await tx
      .select({ popups: count() })
      .from(popupConfigs)
      .where(eq(popupConfigs.storeId, store.id));
    if ((totals?.popups ?? 0) <= 1) throw conflict("A store keeps at least one popup: pause it instead");
    await tx.delete(popupConfigs).where(eq(popupConfigs.id, popup.id));
  });
  forgetPublicConfig(store.id);
}

/** Sets the storefront's order: `popupIds` lists every popup of the store once, the first shows first. */
export async function reorderPopups(actor: Actor, storeId: string, popupIds: string[]): Promise<PopupView[]> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  await db().transaction(async (tx) => {
    await lockStorePopups(tx, store.id);
    const rows = await tx
      .select({ id: popupConfigs.id })
      .from(popupConfigs)
      .where(eq(popupConfigs.storeId, store.id));
    const known = new Set(rows.map((row) => row.id));
    if (
      popupIds.length !== known.size ||
      new Set(popupIds).size !== popupIds.length ||
      !popupIds.every((id) => known.has(id))
    ) {
      throw invalid(POPUP_ORDER_INCOMPLETE, { popupIds: [POPUP_ORDER_INCOMPLETE] });
    }
    for (const [index, id] of popupIds.entries()) {
      await tx
        .update(popupConfigs)
        .set({ priority: index + 1, updatedAt: new Date() })
        .where(eq(popupConfigs.id, id));
    }
  });
  forgetPublicConfig(store.id);
  return listPopups(actor, store.id);
}

/**
 * Ends the A/B test: the chosen variant's content and design become the popup's own and it stays the only
 * variant (keeping its id, so its counts continue). Like any edit it is a change to publish: the test runs
 * on the storefront until it is published.
 */
export async function promoteVariant(
  actor: Actor,
  storeId: string,
  popupId: string,
  variantId: string,
): Promise<PopupView> {
  const { store, popup } = await requirePopup(actor, storeId, popupId);
  const working = workingCopyOf(popup);
  const winner = working.variants.find((variant) => variant.id === variantId);
  if (!winner) throw invalid(NO_SUCH_VARIANT, { variantId: [NO_SUCH_VARIANT] });
  const { design, ...content } = winner.overrides;
  return applyChanges(actor, store, popup.id, {
    ...content,
    design,
    variants: [{ id: winner.id, name: winner.name, weight: 100, overrides: {} }],
  });
}
