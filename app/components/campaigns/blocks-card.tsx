import {
  ActionList,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  InlineStack,
  Popover,
  Text,
} from "@shopify/polaris";
import { ArrowDownIcon, ArrowUpIcon, DeleteIcon, PlusIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { type BlockType, blockTypes, type CampaignBlock, MAX_BLOCKS } from "~/lib/schemas/campaign-content";
import { BlockFields } from "./block-fields";
import { BLOCK_LABELS, moveBlock, newBlock } from "./blocks";
import type { FieldErrors } from "./use-campaign-draft";

type Props = {
  blocks: CampaignBlock[];
  errors: FieldErrors;
  onChange: (blocks: CampaignBlock[]) => void;
};

/** The messages of block `index`, keyed by its field ("url" for "content.blocks.2.url"). */
function blockErrors(errors: FieldErrors, index: number): Record<string, string> {
  const prefix = `content.blocks.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}

function AddBlock({ disabled, onAdd }: { disabled: boolean; onAdd: (type: BlockType) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button icon={PlusIcon} disclosure onClick={() => setOpen((shown) => !shown)} disabled={disabled}>
          Add block
        </Button>
      }
    >
      <ActionList
        actionRole="menuitem"
        items={blockTypes.map((type) => ({
          content: BLOCK_LABELS[type],
          onAction: () => {
            setOpen(false);
            onAdd(type);
          },
        }))}
      />
    </Popover>
  );
}

/** The body of the email: its blocks in order, each edited in place, moved or removed. */
export function BlocksCard({ blocks, errors, onChange }: Props) {
  const replace = (index: number, block: CampaignBlock) =>
    onChange(blocks.map((current, position) => (position === index ? block : current)));
  const add = (type: BlockType) => onChange([...blocks, newBlock(type, crypto.randomUUID().slice(0, 8))]);

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Content
          </Text>
          <Text as="p" variant="bodySm" tone="subdued">
            The email's body, top to bottom, between the header and the footer.
          </Text>
        </BlockStack>
        <ol className="np-block-list" aria-label="Content blocks">
          {blocks.map((block, index) => {
            const name = `${BLOCK_LABELS[block.type]} block ${index + 1}`;
            return (
              <li key={block.id}>
                <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200">
                  <BlockStack gap="300">
                    <InlineStack align="space-between" blockAlign="center" gap="200">
                      <Text as="h3" variant="headingSm">
                        {index + 1}. {BLOCK_LABELS[block.type]}
                      </Text>
                      <ButtonGroup variant="segmented">
                        <Button
                          icon={ArrowUpIcon}
                          size="slim"
                          accessibilityLabel={`Move ${name} up`}
                          disabled={index === 0}
                          onClick={() => onChange(moveBlock(blocks, index, -1))}
                        />
                        <Button
                          icon={ArrowDownIcon}
                          size="slim"
                          accessibilityLabel={`Move ${name} down`}
                          disabled={index === blocks.length - 1}
                          onClick={() => onChange(moveBlock(blocks, index, 1))}
                        />
                        <Button
                          icon={DeleteIcon}
                          size="slim"
                          tone="critical"
                          accessibilityLabel={`Remove ${name}`}
                          disabled={blocks.length === 1}
                          onClick={() => onChange(blocks.filter((_, position) => position !== index))}
                        />
                      </ButtonGroup>
                    </InlineStack>
                    <BlockFields
                      block={block}
                      errors={blockErrors(errors, index)}
                      onChange={(next) => replace(index, next)}
                    />
                  </BlockStack>
                </Box>
              </li>
            );
          })}
        </ol>
        {errors["content.blocks"] ? (
          <Text as="p" tone="critical">
            {errors["content.blocks"]}
          </Text>
        ) : null}
        <InlineStack align="start">
          <AddBlock disabled={blocks.length >= MAX_BLOCKS} onAdd={add} />
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
