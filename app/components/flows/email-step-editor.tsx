import { BlockStack, Button, Card, InlineStack, TextField } from "@shopify/polaris";
import { BlocksCard } from "~/components/campaigns/blocks-card";
import { CampaignEmailPreview } from "~/components/campaigns/campaign-email-preview";
import { FrameCard } from "~/components/campaigns/frame-card";
import type { FieldErrors } from "~/components/campaigns/use-campaign-draft";
import type { EmailStep } from "~/lib/schemas/flows";

type Props = {
  storeId: string;
  step: EmailStep;
  errors: FieldErrors;
  onChange: (step: EmailStep) => void;
  onTest: () => void;
};

/** One email step, edited as a campaign is: what the inbox shows, the blocks, the frame, and its preview. */
export function EmailStepEditor({ storeId, step, errors, onChange, onTest }: Props) {
  const edit = (patch: Partial<EmailStep>) => onChange({ ...step, ...patch });
  return (
    <div className="np-campaign-layout">
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <TextField
              label="Subject"
              value={step.subject}
              onChange={(subject) => edit({ subject })}
              error={errors.subject}
              helpText="[First Name], [DISCOUNT_CODE] and [DISCOUNT_PERCENT] are filled in for each subscriber."
              autoComplete="off"
              maxLength={200}
            />
            <TextField
              label="Preheader"
              value={step.preheader}
              onChange={(preheader) => edit({ preheader })}
              error={errors.preheader}
              autoComplete="off"
              maxLength={200}
            />
            <TextField
              label="Discount code"
              value={step.discountCode}
              onChange={(discountCode) => edit({ discountCode })}
              error={errors.discountCode}
              placeholder="Each subscriber's welcome code"
              helpText="Leave empty to give each subscriber their own code."
              autoComplete="off"
              maxLength={64}
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
