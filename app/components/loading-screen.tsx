import { Banner, BlockStack, Card, Page, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";

type Failure = { title: string; error: string; onRetry: () => void };

/** What an API read that failed shows: why, and "Try again". */
export function LoadFailedBanner({ title, error, onRetry }: Failure) {
  return (
    <Banner tone="critical" title={title} action={{ content: "Try again", onAction: onRetry }}>
      <p>{error}</p>
    </Banner>
  );
}

type Loading = {
  title: string;
  back: { content: string; url: string };
  /** The read's failure, once it failed. */
  failure: Failure | null;
};

/** A screen whose object is still being read through the API: skeletons, or why it could not be read. */
export function LoadingScreen({ title, back, failure }: Loading) {
  return (
    <Page backAction={back} title={title}>
      {failure ? (
        <LoadFailedBanner {...failure} />
      ) : (
        <Card>
          <BlockStack gap="400">
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={6} />
          </BlockStack>
        </Card>
      )}
    </Page>
  );
}
