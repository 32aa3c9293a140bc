import { BlockStack, Box, Button, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { isRouteErrorResponse } from "react-router";
import { CROSS_SITE_HEADING, CROSS_SITE_REFUSED } from "~/lib/cross-site";

/**
 * A screen's error inside the app shell (header and sidebar stay): the 404 page, a refused permission
 * with the server's sentence ("You don't have permission to … Ask an administrator."), or a failure.
 */
export function ScreenError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const sentence = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  if (status === 404) return <NotFoundState />;
  if (isRouteErrorResponse(error) && error.statusText === CROSS_SITE_REFUSED)
    return <ErrorState heading={CROSS_SITE_HEADING} sentence={sentence ?? ""} />;
  if (status === 403)
    return (
      <ErrorState
        heading="Permission Denied"
        sentence={sentence ?? "You don't have permission to view this page. Ask an administrator."}
      />
    );
  return <ErrorState heading="Something went wrong" sentence="Please reload the page or try again later." />;
}

export function NotFoundState() {
  return (
    <ErrorState
      heading="404 Page Not Found"
      sentence="The page you are looking for does not exist or has moved."
    />
  );
}

function ErrorState({ heading, sentence }: { heading: string; sentence: string }) {
  return (
    <Page>
      <Card>
        <Box paddingBlock="1000" paddingInline="400">
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="headingLg" alignment="center">
              {heading}
            </Text>
            <Text as="p" alignment="center" tone="subdued">
              {sentence}
            </Text>
            <InlineStack align="center">
              <Button url="/">Go to the dashboard</Button>
            </InlineStack>
          </BlockStack>
        </Box>
      </Card>
    </Page>
  );
}
