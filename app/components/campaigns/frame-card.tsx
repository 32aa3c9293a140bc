import {
  BlockStack,
  Button,
  Card,
  Collapsible,
  Divider,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";
import { ChevronDownIcon, ChevronUpIcon } from "@shopify/polaris-icons";
import { useId, useState } from "react";
import { AddressPanel, DesignPanel, SocialPanel } from "~/components/email-templates/frame-fields";
import type { CampaignContent } from "~/lib/schemas/campaign-content";
import type { EmailFrame } from "~/lib/schemas/email-template";
import type { FieldErrors } from "./use-campaign-draft";

type Props = {
  content: CampaignContent;
  errors: FieldErrors;
  edit: (patch: Partial<EmailFrame>) => void;
};

/** The content's messages keyed by the frame field's own path ("primaryColor" for "content.primaryColor"). */
function frameErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith("content.") && !path.startsWith("content.blocks"))
      .map(([path, message]) => [path.slice("content.".length), message]),
  );
}

/**
 * What surrounds the blocks: the header, colours, links and footer, as in the welcome email. Folded
 * away until wanted, but opened when one of its fields is refused, so the message is seen.
 */
export function FrameCard({ content, errors, edit }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ownErrors = frameErrors(errors);
  const shown = open || Object.keys(ownErrors).length > 0;
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Header, colours and footer
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              The frame around the content, starting from your welcome email's design.
            </Text>
          </BlockStack>
          <Button
            variant="plain"
            icon={shown ? ChevronUpIcon : ChevronDownIcon}
            onClick={() => setOpen(!shown)}
            ariaExpanded={shown}
            ariaControls={id}
          >
            {shown ? "Hide" : "Edit"}
          </Button>
        </InlineStack>
        <Collapsible id={id} open={shown}>
          <BlockStack gap="400">
            <TextField
              label="Header text"
              value={content.headerText}
              onChange={(headerText) => edit({ headerText })}
              error={ownErrors.headerText}
              autoComplete="off"
            />
            <DesignPanel form={content} errors={ownErrors} edit={edit} />
            <Divider />
            <TextField
              label="Footer text"
              value={content.footerText}
              onChange={(footerText) => edit({ footerText })}
              error={ownErrors.footerText}
              autoComplete="off"
            />
            <TextField
              label="Footer note"
              value={content.footerNote}
              onChange={(footerNote) => edit({ footerNote })}
              error={ownErrors.footerNote}
              multiline={2}
              autoComplete="off"
            />
            <AddressPanel form={content} errors={ownErrors} edit={edit} />
            <Divider />
            <SocialPanel
              form={content}
              errors={ownErrors}
              edit={edit}
              note="Links left empty are not shown."
            />
          </BlockStack>
        </Collapsible>
      </BlockStack>
    </Card>
  );
}
