import { BlockStack, Text, TextField } from "@shopify/polaris";
import type { CampaignBlock } from "~/lib/schemas/campaign-content";

type Props<B extends CampaignBlock> = {
  block: B;
  /** The block's field messages, keyed by field ("url"). */
  errors: Record<string, string | undefined>;
  onChange: (block: B) => void;
};

const MERGE_TAGS =
  "[First Name], [DISCOUNT_CODE], [OFFER] and [OFFER_CONDITIONS] are filled in for each subscriber.";

function TextBlockFields({ block, errors, onChange }: Props<Extract<CampaignBlock, { type: "text" }>>) {
  return (
    <TextField
      label="Text"
      value={block.text}
      onChange={(text) => onChange({ ...block, text })}
      error={errors.text}
      multiline={4}
      helpText={`${MERGE_TAGS} Web addresses become links.`}
      autoComplete="off"
    />
  );
}

function ButtonBlockFields({ block, errors, onChange }: Props<Extract<CampaignBlock, { type: "button" }>>) {
  return (
    <BlockStack gap="300">
      <TextField
        label="Button label"
        value={block.label}
        onChange={(label) => onChange({ ...block, label })}
        error={errors.label}
        autoComplete="off"
      />
      <TextField
        label="Button link"
        type="url"
        value={block.url}
        onChange={(url) => onChange({ ...block, url: url.trim() })}
        error={errors.url}
        placeholder="https://"
        helpText="Leave empty to link to your store. A link may hold [DISCOUNT_CODE], e.g. https://your-store.com/discount/[DISCOUNT_CODE]."
        autoComplete="off"
      />
    </BlockStack>
  );
}

function ImageBlockFields({ block, errors, onChange }: Props<Extract<CampaignBlock, { type: "image" }>>) {
  return (
    <BlockStack gap="300">
      <TextField
        label="Image URL"
        type="url"
        value={block.url}
        onChange={(url) => onChange({ ...block, url: url.trim() })}
        error={errors.url}
        placeholder="https://"
        helpText="An https:// address: mail apps block images sent over plain http."
        autoComplete="off"
      />
      <TextField
        label="Image description"
        value={block.alt}
        onChange={(alt) => onChange({ ...block, alt })}
        error={errors.alt}
        helpText="Shown when images are off, and read out by screen readers."
        autoComplete="off"
      />
      <TextField
        label="Image link"
        type="url"
        value={block.link}
        onChange={(link) => onChange({ ...block, link: link.trim() })}
        error={errors.link}
        placeholder="https://"
        helpText="Optional: where a click on the image leads."
        autoComplete="off"
      />
    </BlockStack>
  );
}

function Note({ children }: { children: string }) {
  return (
    <Text as="p" variant="bodySm" tone="subdued">
      {children}
    </Text>
  );
}

/** The fields of one block, by its type. */
export function BlockFields({ block, errors, onChange }: Props<CampaignBlock>) {
  switch (block.type) {
    case "text":
      return <TextBlockFields block={block} errors={errors} onChange={onChange} />;
    case "button":
      return <ButtonBlockFields block={block} errors={errors} onChange={onChange} />;
    case "image":
      return <ImageBlockFields block={block} errors={errors} onChange={onChange} />;
    case "discountCode":
      return <Note>Each subscriber's own discount code, in a box of the secondary colour.</Note>;
    case "divider":
      return <Note>A thin line between the blocks above and below it.</Note>;
  }
}
