import { BlockStack, Card, Text, TextField } from "@shopify/polaris";
import type { EditableCampaign, StoreSender } from "~/lib/schemas/campaign-views";
import { EnvelopeFields } from "./envelope-fields";
import type { FieldErrors } from "./use-campaign-draft";

type Props = {
  draft: EditableCampaign;
  errors: FieldErrors;
  sender: StoreSender;
  edit: (patch: Partial<EditableCampaign>) => void;
};

/** The campaign's name, and what the inbox shows before the email is opened. */
export function DetailsCard({ draft, errors, sender, edit }: Props) {
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
        <EnvelopeFields
          value={draft}
          errors={errors}
          sender={sender}
          edit={edit}
          codeLabel="Campaign discount code"
        />
      </BlockStack>
    </Card>
  );
}
