import { BlockStack, Card, Text, TextField } from "@shopify/polaris";
import { TypedFiguresBanner } from "./typed-figures-banner";
import type { EditProps } from "./types";

/**
 * Saved titles are sanitized HTML ("A &amp; B"); the field shows what the merchant typed ("A & B").
 * Saving it again sanitizes it to the same stored text.
 */
export function editableText(html: string): string {
  return html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

const FORMATTING_HINT =
  "You can use <strong>, <b>, <mark>, <em> and <i>; other tags show as text. [OFFER] shows what your code gives (“15% off”, “free shipping”), in each language.";

export const CONSENT_HINT =
  "Shown under the button before visitors sign up, followed by the link to your privacy policy (Settings). [STORE_NAME] shows your store's name.";

/** `currency`: the store's, which the offer's words are in. */
export function ContentCard({ config, edit, errors = {}, currency }: EditProps & { currency: string }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Content
        </Text>
        <TypedFiguresBanner config={config} currency={currency} />
        <TextField
          label="Popup name"
          value={config.name}
          onChange={(name) => edit({ name })}
          error={errors.name}
          helpText="Only you see this name."
          maxLength={80}
          autoComplete="off"
        />
        <TextField
          label="Title"
          value={editableText(config.title)}
          onChange={(title) => edit({ title })}
          error={errors.title}
          helpText={FORMATTING_HINT}
          autoComplete="off"
        />
        <TextField
          label="Subtitle"
          value={editableText(config.subtitle)}
          onChange={(subtitle) => edit({ subtitle })}
          error={errors.subtitle}
          multiline={3}
          helpText={FORMATTING_HINT}
          autoComplete="off"
        />
        <TextField
          label="Button text"
          value={config.buttonText}
          onChange={(buttonText) => edit({ buttonText })}
          error={errors.buttonText}
          autoComplete="off"
        />
        <TextField
          label="Consent text"
          value={config.consentText}
          onChange={(consentText) => edit({ consentText })}
          error={errors.consentText}
          multiline={2}
          maxLength={500}
          helpText={CONSENT_HINT}
          autoComplete="off"
        />
      </BlockStack>
    </Card>
  );
}
