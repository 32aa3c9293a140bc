import type { CampaignBlock, CampaignBlockType } from "~/lib/schemas/campaign-views";

/** The blocks a merchant can add, in the order the editor offers them, with their names. */
export const BLOCK_LABELS: Record<CampaignBlockType, string> = {
  text: "Text",
  button: "Button",
  image: "Image",
  discountCode: "Discount code",
  divider: "Divider",
};

export const BLOCK_TYPES = Object.keys(BLOCK_LABELS) as CampaignBlockType[];

/** The schema's limit: a campaign holds 1 to 50 blocks. */
export const MAX_BLOCKS = 50;

/** A new block of `type`, empty but for what reads well as a start; `id` is unique within the campaign. */
export function newBlock(type: CampaignBlockType, id: string): CampaignBlock {
  switch (type) {
    case "text":
      return { id, type, text: "" };
    case "button":
      return { id, type, label: "Shop now", url: "" };
    case "image":
      return { id, type, url: "", alt: "", link: "" };
    default:
      return { id, type };
  }
}

/** The list with the block at `index` moved one place up (-1) or down (1); unchanged at either end. */
export function moveBlock(blocks: CampaignBlock[], index: number, by: -1 | 1): CampaignBlock[] {
  const target = index + by;
  const moved = blocks[index];
  if (!moved || target < 0 || target >= blocks.length) return blocks;
  const next = blocks.filter((_, position) => position !== index);
  next.splice(target, 0, moved);
  return next;
}
