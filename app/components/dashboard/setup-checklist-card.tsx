import { Badge, BlockStack, Box, Button, Card, Divider, InlineStack, Text } from "@shopify/polaris";
import { Fragment, useEffect, useState } from "react";
import { formatTimeAgo } from "~/lib/format";
import type { SetupChecklist } from "~/lib/schemas/setup-checklist";
import { sectionPath } from "~/lib/store-routing";

type Action = { label: string; url: string; target?: "_top" | "_blank" };
type Step = { title: string; done: boolean; pendingLabel: string; detail: string; action: Action | null };

function installStep(install: SetupChecklist["install"], storeId: string): Step {
  if (install.kind === "script") {
    return {
      title: "Install the popup on your site",
      done: install.done,
      pendingLabel: "To do",
      detail: install.done
        ? "The installation check found the popup's script on your site."
        : "Add the script to your site, then verify the installation.",
      action: { label: "Go to Integration", url: sectionPath("integration", storeId) },
    };
  }
  return {
    title: "Turn on the app embed",
    done: install.done,
    // The storefront tells whether the embed runs; until it loads once, the app cannot know.
    pendingLabel: "Not seen yet",
    detail: install.seenAt
      ? `Seen on your storefront ${formatTimeAgo(install.seenAt, install.checkedAt)}.`
      : "Switch it on in the theme editor and save, then open your store once: it shows here as done.",
    // The theme editor is the admin's own page: it replaces the admin, not the app's frame.
    action: install.editorUrl
      ? { label: "Turn on the app embed", url: install.editorUrl, target: "_top" }
      : null,
  };
}

function stepsOf(checklist: SetupChecklist, storeId: string): Step[] {
  return [
    installStep(checklist.install, storeId),
    {
      title: "Switch on a popup",
      done: checklist.popupLive,
      pendingLabel: "To do",
      detail: checklist.popupLive
        ? "A popup is switched on for your storefront."
        : "Every popup is switched off: your visitors see none.",
      action: { label: "Open Popup Builder", url: sectionPath("popup-builder", storeId) },
    },
    {
      title: "Set up email",
      done: checklist.email.done,
      pendingLabel: "To do",
      detail:
        checklist.email.by === "smtp"
          ? "Welcome emails go out through your mail server."
          : checklist.email.by === "shopify"
            ? "Shopify's customer automation welcomes your subscribers."
            : "Welcome emails with the discount code wait until your mail server is set up.",
      action: { label: "Set up email", url: sectionPath("settings", storeId) },
    },
    {
      title: "Add your postal address",
      done: checklist.postalAddress,
      pendingLabel: "To do",
      detail: checklist.postalAddress
        ? "Your emails show your postal address in their footer."
        : "Anti-spam laws require a postal address in marketing emails: welcome emails with your offer and campaigns wait for it.",
      action: { label: "Add your postal address", url: sectionPath("email-templates", storeId) },
    },
    {
      title: "Get your first subscriber",
      done: checklist.firstSubscriber,
      pendingLabel: "To do",
      detail: checklist.firstSubscriber
        ? "Your list has its first subscriber."
        : "Open your store and sign up through the popup to see it work end to end.",
      action: checklist.storefrontUrl
        ? { label: "Open your storefront", url: checklist.storefrontUrl, target: "_blank" }
        : null,
    },
  ];
}

const dismissedKey = (storeId: string) => `np-setup-checklist-dismissed:${storeId}`;

/** The browser's memory of a dismissal; none where the frame is refused storage (it then lasts the visit). */
function readDismissed(storeId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(storeId)) === "1";
  } catch {
    return false;
  }
}

function rememberDismissed(storeId: string) {
  try {
    localStorage.setItem(dismissedKey(storeId), "1");
  } catch {
    // Storage refused: dismissed for this visit only.
  }
}

/**
 * The embedded home's setup checklist (docs/decisions/166): the app embed, a live popup, email, the postal
 * address and the first subscriber, each done or with the way to do it. Once every step is done it may be dismissed, which this
 * browser remembers; until then it stays.
 */
export function SetupChecklistCard({ checklist, storeId }: { checklist: SetupChecklist; storeId: string }) {
  // Unknown until the browser is asked: a finished checklist shows only once it is known not dismissed.
  const [dismissed, setDismissed] = useState<boolean | null>(null);
  useEffect(() => setDismissed(readDismissed(storeId)), [storeId]);
  if (checklist.complete && dismissed !== false) return null;

  const steps = stepsOf(checklist, storeId);
  const done = steps.filter((step) => step.done).length;
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {checklist.complete ? "Your popup is set up" : "Set up your popup"}
          </Text>
          <Text as="span" tone="subdued">{`${done} of ${steps.length} done`}</Text>
        </InlineStack>
        {steps.map((step, index) => (
          <Fragment key={step.title}>
            {index > 0 ? <Divider /> : null}
            <BlockStack gap="200">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  {step.title}
                </Text>
                {step.done ? (
                  <Badge tone="success">Done</Badge>
                ) : (
                  <Badge tone="attention">{step.pendingLabel}</Badge>
                )}
              </InlineStack>
              <Text as="p" tone="subdued">
                {step.detail}
              </Text>
              {step.action && !step.done ? (
                <Box>
                  <Button url={step.action.url} target={step.action.target}>
                    {step.action.label}
                  </Button>
                </Box>
              ) : null}
            </BlockStack>
          </Fragment>
        ))}
        {checklist.complete ? (
          <InlineStack align="end">
            <Button
              onClick={() => {
                rememberDismissed(storeId);
                setDismissed(true);
              }}
            >
              Dismiss
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
