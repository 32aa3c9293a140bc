/**
 * The store's demo page (app/http/demo-page.server.ts); with a popup, its preview of that popup's unpublished
 * working copy, which only a member who may manage the popups is shown.
 */
export function demoPageUrl(storeId: string, previewPopupId?: string): string {
  const page = `/demo/${encodeURIComponent(storeId)}`;
  return previewPopupId ? `${page}?preview=${encodeURIComponent(previewPopupId)}` : page;
}

/** The bar over the demo page's preview: what the merchant sees there is not what shoppers see. */
export const PREVIEW_NOTICE = "Preview of unpublished changes — shoppers don't see this until you publish.";
