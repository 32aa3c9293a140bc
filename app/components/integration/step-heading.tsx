import { Badge, InlineStack, Text } from "@shopify/polaris";

type Props = { step: number; title: string; done: boolean; pendingLabel?: string };

/** "Step N · Title" with a Done or pending badge: the three-step guide's rhythm. */
export function StepHeading({ step, title, done, pendingLabel = "Pending" }: Props) {
  return (
    <InlineStack gap="200" blockAlign="center">
      <Text as="h2" variant="headingMd">
        {`Step ${step} · ${title}`}
      </Text>
      {done ? <Badge tone="success">Done</Badge> : <Badge tone="attention">{pendingLabel}</Badge>}
    </InlineStack>
  );
}
