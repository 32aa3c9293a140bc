import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEmbedded } from "~/components/embedded";
import { formatTimeAgo } from "~/lib/format";
import { StepHeading } from "./step-heading";

export type AppEmbedView = {
  editorUrl: string | null;
  seenAt: string | Date | null;
  checkedAt: string | Date;
};

/**
 * For a Shopify store: the popup runs from the app's theme app embed, switched on in the theme editor; no
 * theme code to edit (shopify.dev's rule for App Store apps). Inside the Shopify admin the theme editor
 * opens in place of the admin page; from the standalone dashboard in a new tab.
 */
export function AppEmbedInstructions({ editorUrl }: { editorUrl: string | null }) {
  const embedded = useEmbedded();
  return (
    <BlockStack gap="300">
      <Text as="p">
        The popup runs on your storefront through the Newsletter popup app embed of your theme. Open the theme
        editor: the app embed is selected and switched on for you. Click Save there.
      </Text>
      {editorUrl ? (
        <InlineStack>
          <Button variant="primary" url={editorUrl} target={embedded ? "_top" : "_blank"}>
            Turn on the app embed
          </Button>
        </InlineStack>
      ) : (
        <Text as="p" tone="caution">
          Add your shop's myshopify.com store name in Settings to get the link to your theme editor.
        </Text>
      )}
    </BlockStack>
  );
}

type Props = {
  step: number;
  view: AppEmbedView;
  /** Settings, while the shop has not installed the app: its app embed is not in the theme before that. */
  connectFirstUrl: string | null;
  onCheckAgain: () => void;
  checking: boolean;
};

/** The Integration page's step: the instructions, and whether the storefront has loaded the popup through the embed. */
export function AppEmbedStep({ step, view, connectFirstUrl, onCheckAgain, checking }: Props) {
  return (
    <Card>
      <BlockStack gap="300">
        <StepHeading
          step={step}
          title="Turn on the app embed"
          done={Boolean(view.seenAt)}
          pendingLabel="Not seen yet"
        />
        {connectFirstUrl ? (
          <InlineStack gap="200" blockAlign="center" wrap>
            <Text as="p" tone="caution">
              The app embed appears in your theme once your shop has installed the app: connect the store with
              Shopify first.
            </Text>
            <Button url={connectFirstUrl}>Connect in Settings</Button>
          </InlineStack>
        ) : null}
        <AppEmbedInstructions editorUrl={view.editorUrl} />
        <InlineStack gap="300" blockAlign="center" wrap>
          <Text as="p" tone={view.seenAt ? "success" : "subdued"}>
            {view.seenAt
              ? `App embed is on — last seen on your storefront ${formatTimeAgo(view.seenAt, view.checkedAt)}`
              : "Not seen yet: turn it on, then open your store once"}
          </Text>
          <Button onClick={onCheckAgain} loading={checking}>
            Check again
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
