import type { CampaignPreview } from "~/lib/schemas/campaigns";
import { type Actor, authorize } from "~/services/access/actor.server";
import type { RenderedEmail } from "~/services/email/frame.server";
import { previewVariables } from "~/services/email/merge-tags.server";
import { requireStore } from "~/services/stores/crud.server";
import { withCampaignCode } from "./message.server";
import { renderCampaignEmail } from "./render.server";

/** The editor's unsaved campaign as a reader would get it: a sample reader with the store's own offer. */
export async function previewCampaign(
  actor: Actor,
  storeId: string,
  input: CampaignPreview,
): Promise<RenderedEmail> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  const { content, discountCode, ...envelope } = input;
  return renderCampaignEmail(
    content,
    envelope,
    withCampaignCode(await previewVariables(store), discountCode),
  );
}
