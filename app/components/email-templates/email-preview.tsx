import { BlockStack, Box, Button, ButtonGroup, Card, InlineStack, Spinner, Text } from "@shopify/polaris";
import { useState } from "react";

type Props = {
  html: string | null;
  subject?: string | null;
  loading: boolean;
  /** The frame's width on Desktop, in px; the card's whole width when not given. */
  desktopWidth?: number;
  /** What shows before the first preview. */
  placeholder?: string;
};

const PREVIEW_HEIGHT = 760;
/** The narrow width shows the email's phone layout (its media query starts below 620 px). */
const MOBILE_WIDTH = 375;

/**
 * The email in a sandboxed frame: sandbox="" allows no scripts, forms or navigation, and the frame gets
 * an opaque origin, so nothing in the rendered html can reach the dashboard.
 */
export function EmailPreview({
  html,
  subject = null,
  loading,
  desktopWidth,
  placeholder = "Click Preview to see your email",
}: Props) {
  const [mobile, setMobile] = useState(false);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Preview
            </Text>
            {loading ? <Spinner size="small" accessibilityLabel="Updating the preview" /> : null}
          </InlineStack>
          <ButtonGroup variant="segmented">
            <Button pressed={!mobile} onClick={() => setMobile(false)} size="slim">
              Desktop
            </Button>
            <Button pressed={mobile} onClick={() => setMobile(true)} size="slim">
              Mobile
            </Button>
          </ButtonGroup>
        </InlineStack>
        {subject !== null ? (
          <Box padding="300" background="bg-surface-secondary" borderRadius="200">
            <Text as="p" breakWord>
              <Text as="span" fontWeight="semibold">
                Subject:
              </Text>{" "}
              <span data-testid="email-preview-subject">{subject}</span>
            </Text>
          </Box>
        ) : null}
        {html === null ? (
          <Box padding="800" background="bg-surface-secondary" borderRadius="200">
            <Text as="p" alignment="center" tone="subdued">
              {placeholder}
            </Text>
          </Box>
        ) : (
          <Box background="bg-surface-secondary" borderRadius="200" overflowX="hidden">
            <iframe
              title="Email preview"
              sandbox=""
              srcDoc={html}
              style={{
                display: "block",
                width: mobile ? MOBILE_WIDTH : (desktopWidth ?? "100%"),
                maxWidth: "100%",
                height: PREVIEW_HEIGHT,
                margin: "0 auto",
                border: 0,
                background: "#ffffff",
              }}
            />
          </Box>
        )}
      </BlockStack>
    </Card>
  );
}
