import { BlockStack, Card, Text, TextField } from "@shopify/polaris";
import type { EditProps } from "./types";

const FORMATTING_HINT = "You can use <strong>, <b>, <mark>, <em> and <i>; other tags show as text.";

export function ContentCard({ config, edit }: EditProps) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Content
        </Text>
        <TextField
          label="Title"
          value={config.title}
          onChange={(title) => edit({ title })}
          helpText={FORMATTING_HINT}
          autoComplete="off"
        />
        <TextField
          label="Subtitle"
          value={config.subtitle}
          onChange={(subtitle) => edit({ subtitle })}
          multiline={3}
          helpText={FORMATTING_HINT}
          autoComplete="off"
        />
        <TextField
          label="Button text"
          value={config.buttonText}
          onChange={(buttonText) => edit({ buttonText })}
          autoComplete="off"
        />
      </BlockStack>
    </Card>
  );
}
