import { BlockStack, Card, Text, TextField } from "@shopify/polaris";
import type { EditableCampaign, StoreSender } from "~/lib/schemas/campaign-views";
import type { FieldErrors } from "./use-campaign-draft";

type Props = {
  draft: EditableCampaign;
  errors: FieldErrors;
  sender: StoreSender;
  edit: (patch: Partial<EditableCampaign>) => void;
};

/** The campaign's name, and what the inbox shows before the email is opened. */
export function DetailsCard({ draft, errors, sender, edit }: Props) {
  const storeSender = sender.fromName || sender.fromEmail;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Details
        </Text>
        <TextField
          label="Campaign name"
          value={draft.name}
          onChange={(name) => edit({ name })}
          error={errors.name}
          helpText="Only you and your team see this name."
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          label="Subject"
          value={draft.subject}
          onChange={(subject) => edit({ subject })}
          error={errors.subject}
          helpText="[First Name], [DISCOUNT_CODE] and [DISCOUNT_PERCENT] are filled in for each subscriber."
          autoComplete="off"
          maxLength={200}
        />
        <TextField
          label="Preheader"
          value={draft.preheader}
          onChange={(preheader) => edit({ preheader })}
          error={errors.preheader}
          helpText="The short line most inboxes show after the subject."
          autoComplete="off"
          maxLength={200}
        />
        <TextField
          label="From name"
          value={draft.fromName}
          onChange={(fromName) => edit({ fromName })}
          error={errors.fromName}
          placeholder={sender.fromName}
          helpText={
            storeSender
              ? `Leave empty to send as ${storeSender}, the name in the store's email settings.`
              : "Leave empty to use the name in the store's email settings."
          }
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          label="Campaign discount code"
          value={draft.discountCode}
          onChange={(discountCode) => edit({ discountCode })}
          error={errors.discountCode}
          placeholder="Each subscriber's welcome code"
          helpText="Fills [DISCOUNT_CODE] and the discount code block. Leave empty to give each subscriber the code of their welcome email (their own, or the popup's)."
          autoComplete="off"
          maxLength={64}
        />
      </BlockStack>
    </Card>
  );
}
