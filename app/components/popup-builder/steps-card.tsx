import { BlockStack, Card, Checkbox, InlineGrid, Text, TextField } from "@shopify/polaris";
import type { ExtraFieldsStep, OpenerStep } from "../../../popup/steps";
import type { EditProps } from "./types";

const extraFieldToggles = [
  { field: "firstName", label: "First name" },
  { field: "birthday", label: "Birthday (day and month)" },
  { field: "phone", label: "Phone, with its own consent line" },
] as const;

/**
 * The popup's steps around the email form (docs/decisions/186): an opener question before it ("No" closes
 * the popup as a dismissal) and a step for extra fields after the subscription, each turned on or off with
 * its texts.
 */
export function StepsCard({ config, edit, errors = {} }: EditProps) {
  const { opener, extraFields } = config.steps;
  const setOpener = (change: Partial<OpenerStep>) => edit({ steps: { opener: { ...opener, ...change } } });
  const setExtra = (change: Partial<ExtraFieldsStep>) =>
    edit({ steps: { extraFields: { ...extraFields, ...change } } });
  const text = (
    label: string,
    value: string,
    path: string,
    onChange: (value: string) => void,
    helpText?: string,
  ) => (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      error={errors[`steps.${path}`]}
      helpText={helpText}
      autoComplete="off"
    />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Steps
        </Text>
        <Text as="p" tone="subdued">
          Opener, email, extra fields, then the thank-you view. Results show each step's views and drop-off.
        </Text>
        <Checkbox
          label="Ask a question before the email form"
          helpText="“No” closes the popup and counts as a dismissal."
          checked={opener.enabled}
          onChange={(enabled) => setOpener({ enabled })}
        />
        {opener.enabled ? (
          <BlockStack gap="200">
            {text(
              "Question",
              opener.question,
              "opener.question",
              (question) => setOpener({ question }),
              "[OFFER] shows what your code gives, in each language.",
            )}
            <InlineGrid columns={2} gap="200">
              {text("Yes button", opener.yesText, "opener.yesText", (yesText) => setOpener({ yesText }))}
              {text("No button", opener.noText, "opener.noText", (noText) => setOpener({ noText }))}
            </InlineGrid>
          </BlockStack>
        ) : null}
        <Checkbox
          label="Ask for more after the subscription"
          helpText="Stored on the subscriber, exported, and usable in emails as [First Name] and [Birthday]."
          checked={extraFields.enabled}
          onChange={(enabled) => setExtra({ enabled })}
        />
        {extraFields.enabled ? (
          <BlockStack gap="200">
            {text("Title", extraFields.title, "extraFields.title", (title) => setExtra({ title }))}
            <BlockStack gap="100">
              {extraFieldToggles.map(({ field, label }) => (
                <Checkbox
                  key={field}
                  label={label}
                  checked={extraFields.fields[field]}
                  onChange={(checked) => setExtra({ fields: { ...extraFields.fields, [field]: checked } })}
                />
              ))}
            </BlockStack>
            {errors["steps.extraFields.fields"] ? (
              <Text as="p" tone="critical">
                {errors["steps.extraFields.fields"]}
              </Text>
            ) : null}
            {extraFields.fields.phone
              ? text(
                  "Phone consent line",
                  extraFields.phoneConsentText,
                  "extraFields.phoneConsentText",
                  (phoneConsentText) => setExtra({ phoneConsentText }),
                  "Shown beside a box the shopper ticks to get text messages. [STORE_NAME] is your store's name.",
                )
              : null}
            <InlineGrid columns={2} gap="200">
              {text("Button", extraFields.buttonText, "extraFields.buttonText", (buttonText) =>
                setExtra({ buttonText }),
              )}
              {text("Skip link", extraFields.skipText, "extraFields.skipText", (skipText) =>
                setExtra({ skipText }),
              )}
            </InlineGrid>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
