import { BlockStack, Card, SkeletonBodyText, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import type { CampaignSettings } from "~/lib/schemas/campaign-sending";
import { useApiData } from "./use-api-data";

export const campaignSettingsApi = (storeId: string) => `/api/stores/${storeId}/campaign-settings`;

type Props = {
  storeId: string;
  title: string;
  description: string;
  /** Shown when the settings cannot be loaded. */
  loadError: string;
  /** The card's form, given the saved settings. */
  children: (saved: CampaignSettings) => ReactNode;
};

/** A card of the store's campaign settings (GET …/campaign-settings): its heading and text, then its form. */
export function CampaignSettingsCard({ storeId, title, description, loadError, children }: Props) {
  const settings = useApiData<CampaignSettings>(campaignSettingsApi(storeId), loadError);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <Text as="p" tone="subdued">
          {description}
        </Text>
        {settings.error ? (
          <Text as="p" tone="critical">
            {settings.error}
          </Text>
        ) : null}
        {settings.data ? children(settings.data) : settings.error ? null : <SkeletonBodyText lines={2} />}
      </BlockStack>
    </Card>
  );
}
