import { BlockStack, Button, Card, InlineStack } from "@shopify/polaris";
import { BlocksCard } from "~/components/campaigns/blocks-card";
import { CampaignEmailPreview } from "~/components/campaigns/campaign-email-preview";
import { EnvelopeFields } from "~/components/campaigns/envelope-fields";
import { FrameCard } from "~/components/campaigns/frame-card";
import type { FieldErrors } from "~/components/campaigns/use-campaign-draft";
import type { StoreSender } from "~/lib/schemas/campaign-views";
import type { EmailStep } from "~/lib/schemas/flows";

type Props = {
  storeId: string;
  step: EmailStep;
  sender: StoreSender;
  errors: FieldErrors;
  onChange: (step: EmailStep) => void;
  onTest: () => void;
};

/** One email step, edited as a campaign is: what the inbox shows, the blocks, the frame, and its preview. */
export function EmailStepEditor({ storeId, step, sender, errors, onChange, onTest }: Props) {
  const edit = (patch: Partial<EmailStep>) => onChange({ ...step, ...patch });
  return (
    <div className="np-campaign-layout">
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <EnvelopeFields
              value={step}
              errors={errors}
              sender={sender}
              edit={edit}
              codeLabel="Discount code"
            />
            <InlineStack align="end">
              <Button onClick={onTest}>Send test</Button>
            </InlineStack>
          </BlockStack>
        </Card>
        <BlocksCard
          blocks={step.content.blocks}
          errors={errors}
          onChange={(blocks) => edit({ content: { ...step.content, blocks } })}
        />
        <FrameCard
          content={step.content}
          errors={errors}
          edit={(patch) => edit({ content: { ...step.content, ...patch } })}
        />
      </BlockStack>
      <div>
        <div className="np-preview-sticky">
          <CampaignEmailPreview storeId={storeId} email={step} />
        </div>
      </div>
    </div>
  );
}
