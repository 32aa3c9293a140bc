import { BlockStack, Card, Checkbox, InlineGrid, InlineStack, Select, Text } from "@shopify/polaris";
import { popupAudiences } from "../../../popup/config";
import { DateTimeField } from "./date-time-field";
import { LineListField } from "./line-list-field";
import { errorUnder } from "./patch";
import type { EditProps } from "./types";

const audienceLabels: Record<(typeof popupAudiences)[number], string> = {
  all: "All visitors",
  new: "New visitors",
  returning: "Returning visitors",
};

/** Who sees the popup, on which pages and devices, from which sources and when. */
export function TargetingCard({ config, edit, errors = {} }: EditProps) {
  const { targeting } = config;
  const pages = (change: Partial<typeof targeting.pages>) =>
    edit({ targeting: { pages: { ...targeting.pages, ...change } } });
  const devices = (change: Partial<typeof targeting.devices>) =>
    edit({ targeting: { devices: { ...targeting.devices, ...change } } });

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Who sees it
        </Text>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          <LineListField
            label="Show on pages"
            value={targeting.pages.include}
            onChange={(include) => pages({ include })}
            placeholder="/products/*"
            helpText="One path per line; * matches anything, e.g. /products/* or /collections/sale. Empty: every page."
            error={errorUnder(errors, "targeting.pages.include") ?? errors["targeting.pages"]}
          />
          <LineListField
            label="Never show on pages"
            value={targeting.pages.exclude}
            onChange={(exclude) => pages({ exclude })}
            placeholder="/checkout*"
            helpText="One path per line, e.g. /checkout* or /cart."
            error={errorUnder(errors, "targeting.pages.exclude")}
          />
        </InlineGrid>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          <BlockStack gap="100">
            <Text as="p" variant="bodyMd">
              Devices
            </Text>
            <InlineStack gap="400">
              <Checkbox
                label="Desktop"
                checked={targeting.devices.desktop}
                onChange={(desktop) => devices({ desktop })}
              />
              <Checkbox
                label="Mobile"
                checked={targeting.devices.mobile}
                onChange={(mobile) => devices({ mobile })}
              />
            </InlineStack>
            {errors["targeting.devices"] ? (
              <Text as="p" tone="critical" variant="bodySm">
                {errors["targeting.devices"]}
              </Text>
            ) : null}
          </BlockStack>
          <Select
            label="Visitors"
            options={popupAudiences.map((value) => ({ value, label: audienceLabels[value] }))}
            value={targeting.visitors}
            onChange={(value) => edit({ targeting: { visitors: value as (typeof popupAudiences)[number] } })}
            helpText="Returning: visitors who have been to your site before."
          />
        </InlineGrid>
        <LineListField
          label="Traffic sources"
          value={targeting.sources}
          onChange={(sources) => edit({ targeting: { sources } })}
          placeholder="newsletter"
          helpText="A utm_source or a referring site (instagram.com), one per line. Empty: any source."
          error={errorUnder(errors, "targeting.sources")}
        />
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          <DateTimeField
            label="Starts"
            value={targeting.startsAt}
            onChange={(startsAt) => edit({ targeting: { startsAt } })}
            error={errors["targeting.startsAt"]}
          />
          <DateTimeField
            label="Ends"
            value={targeting.endsAt}
            onChange={(endsAt) => edit({ targeting: { endsAt } })}
            error={errors["targeting.endsAt"]}
          />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
