import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { StepHeading } from "./step-heading";

type Props = { name: string; siteUrl: string | null; settingsUrl: string };

/** Step 1 (SPEC §2 Integration): the site this store stands for, edited in Settings. */
export function SiteStep({ name, siteUrl, settingsUrl }: Props) {
  return (
    <Card>
      <BlockStack gap="300">
        <StepHeading step={1} title="Add Your Site" done={Boolean(siteUrl)} pendingLabel="Address missing" />
        <InlineStack gap="400" blockAlign="center" wrap>
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold">
              {name}
            </Text>
            <Text as="p" tone="subdued">
              {siteUrl ?? "No site address yet"}
            </Text>
          </BlockStack>
          <Button url={settingsUrl}>Edit in Settings</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
