import type { Request } from "express";
import { findActor } from "~/http/guards/request-actor.server";
import { isUuid } from "~/lib/ids";
import { DomainError } from "~/server/domain-errors.server";
import { issuePreviewToken } from "~/services/popups/preview-token.server";
import { previewPopups } from "~/services/popups/public-popups.server";
import { requireStore } from "~/services/stores/crud.server";
import { fetchRequest } from "./fetch-request.server";

/**
 * What `/demo/:storeId?preview={popupId}` shows (docs/decisions/212): for a signed-in member who may manage
 * the store's popups, a preview token of that popup's unpublished working copy, or "unknown" when the store
 * has no such popup. Anyone else (anonymous, another organization, no manage_popups) gets null, the page
 * shoppers get: the page never says whether a popup exists to someone who may not see it.
 */
export async function demoPreview(
  req: Request,
  storeId: string,
): Promise<{ token: string } | "unknown" | null> {
  const popupId = req.query.preview;
  if (typeof popupId !== "string") return null;
  const actor = await findActor(fetchRequest(req));
  if (!actor?.permissions.manage_popups) return null;
  const store = await requireStore(actor, storeId).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not-found") return null;
    throw error;
  });
  if (!store) return null;
  if (!isUuid(popupId) || !(await previewPopups(store.id, popupId))) return "unknown";
  return { token: issuePreviewToken(store.id, popupId) };
}
