import { BlockStack, Card, Checkbox, InlineGrid, RangeSlider, Select, Text } from "@shopify/polaris";
import { popupAnimations, popupTriggers, popupWidths } from "../../../popup/config";
import type { EditProps } from "./types";

const triggerLabels: Record<(typeof popupTriggers)[number], string> = {
  immediate: "Immediately",
  "after-5s": "After 5 seconds",
  "scroll-50": "At 50% scroll",
  "exit-intent": "On exit intent",
};
const animationLabels: Record<(typeof popupAnimations)[number], string> = {
  "slide-in": "Slide in",
  "fade-in": "Fade in",
  "zoom-in": "Zoom in",
  "bounce-in": "Bounce in",
};
const widthLabels: Record<(typeof popupWidths)[number], string> = {
  sm: "Small",
  md: "Medium",
  lg: "Large",
  xl: "Extra large",
};

export function DisplayCard({ config, edit }: EditProps) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Display
        </Text>
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
          <Select
            label="Trigger"
            options={popupTriggers.map((value) => ({ value, label: triggerLabels[value] }))}
            value={config.displayTrigger}
            onChange={(value) => edit({ displayTrigger: value as (typeof popupTriggers)[number] })}
          />
          <Select
            label="Animation"
            options={popupAnimations.map((value) => ({ value, label: animationLabels[value] }))}
            value={config.animation}
            onChange={(value) => edit({ animation: value as (typeof popupAnimations)[number] })}
          />
          <Select
            label="Width"
            options={popupWidths.map((value) => ({ value, label: widthLabels[value] }))}
            value={config.layout.width}
            onChange={(value) => edit({ layout: { width: value as (typeof popupWidths)[number] } })}
          />
        </InlineGrid>
        <RangeSlider
          label={`Maximum height: ${config.layout.maxHeightVh}% of the screen`}
          min={30}
          max={100}
          value={config.layout.maxHeightVh}
          onChange={(value) =>
            edit({ layout: { maxHeightVh: Array.isArray(value) ? (value[0] ?? 70) : value } })
          }
        />
        <Checkbox
          label="Show social icons"
          checked={config.layout.showSocialIcons}
          onChange={(showSocialIcons) => edit({ layout: { showSocialIcons } })}
        />
        <Checkbox
          label="Show on exit intent if not subscribed"
          checked={config.showExitIntentIfNotSubscribed}
          onChange={(showExitIntentIfNotSubscribed) => edit({ showExitIntentIfNotSubscribed })}
        />
        <Checkbox
          label="Stop showing after a visitor subscribes"
          checked={config.suppressAfterSubscription}
          onChange={(suppressAfterSubscription) => edit({ suppressAfterSubscription })}
        />
      </BlockStack>
    </Card>
  );
}
