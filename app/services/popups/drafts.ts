import { isDeepStrictEqual } from "node:util";
import { type PopupContent, type PopupStatus, type popupConfigs, popupContentKeys } from "~/db/schema";

/**
 * A popup's two versions (docs/decisions/212): its columns are what is published, what storefronts read; a
 * published popup's edits wait in `draft` until they are published. A draft popup has no published version:
 * its edits go to its columns, which no storefront reads until it is published.
 */

type PopupRow = typeof popupConfigs.$inferSelect;

/** The content columns of a row (or of a row with its draft applied). */
export function contentOf(popup: PopupContent): PopupContent {
  return Object.fromEntries(popupContentKeys.map((key) => [key, popup[key]])) as PopupContent;
}

/** The popup as the builder edits it: its unpublished changes over its published columns. */
export function workingCopyOf(popup: PopupRow): PopupRow {
  return popup.draft ? { ...popup, ...popup.draft } : popup;
}

/**
 * What a published popup's `draft` becomes when its working copy has `content`: null when that is what is
 * published, so changes that were put back leave no "unpublished changes" behind.
 */
export function draftFor(published: PopupRow, content: PopupContent): PopupContent | null {
  return isDeepStrictEqual(normalized(content), normalized(contentOf(published))) ? null : content;
}

/** Compared as stored (jsonb): no undefined members, numeric columns as numbers. */
const normalized = (content: PopupContent): unknown => JSON.parse(JSON.stringify(content));

/** A popup as the API answers: its working copy, its status and whether it has changes to publish. */
export type PopupView = Omit<PopupRow, "draft"> & {
  /** SPEC's field: whether shoppers see the popup (its status is "live"). */
  isActive: boolean;
  hasUnpublishedChanges: boolean;
};

export function popupView(popup: PopupRow): PopupView {
  const { draft: _draft, ...working } = workingCopyOf(popup);
  return { ...working, isActive: popup.status === "live", hasUnpublishedChanges: popup.draft !== null };
}

/** The status a pause or resume asks for: SPEC's `isActive`, or `status` itself. */
export function requestedStatus(change: {
  status?: Exclude<PopupStatus, "draft">;
  isActive?: boolean;
}): Exclude<PopupStatus, "draft"> | undefined {
  if (change.status) return change.status;
  if (change.isActive === undefined) return undefined;
  return change.isActive ? "live" : "paused";
}
