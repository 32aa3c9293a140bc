import type { BlockType, CampaignBlock } from "~/lib/schemas/campaign-content";

/** The names of the blocks, offered in the order of `blockTypes`. */
export const BLOCK_LABELS: Record<BlockType, string> = {
  text: "Text",
  button: "Button",
  image: "Image",
  discountCode: "Discount code",
  divider: "Divider",
};

/** A new block of `type`, empty but for what reads well as a start; `id` is unique within the campaign. */
export function newBlock(type: BlockType, id: string): CampaignBlock {
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
