import { Badge, BlockStack, Button, InlineStack, Modal, Text } from "@shopify/polaris";
import { useState } from "react";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import type { PopupStats } from "~/lib/schemas/popup-stats";
import { chance, lossPoints } from "./stats-format";

type Props = { stats: PopupStats; promotePath: string; onPromoted: () => Promise<void> };

const PROMOTE_EFFECT =
  "The variant's title, button and colours become the popup's own and the A/B test ends: every visitor sees " +
  "it from now on.";

/**
 * What the A/B test says now: the winner once the leader's expected loss is under the threshold, otherwise
 * the leader and how sure the figures are; either can be promoted, the leader early with its risk confirmed.
 */
export function TestDecision({ stats, promotePath, onPromoted }: Props) {
  const [confirming, setConfirming] = useState(false);
  const { pending, run } = useAction();
  const leader = stats.leader;
  const variant = leader && stats.variants.find((entry) => entry.id === leader.variantId);
  if (!leader || !variant) {
    return (
      <Text as="p" variant="bodySm" tone="subdued">
        No A/B test running: add a variant to compare another title, button or colours with this popup.
      </Text>
    );
  }
  const decided = stats.winner?.variantId === leader.variantId;
  const threshold = lossPoints(stats.lossThreshold);
  const seen = stats.variants.some((entry) => entry.impressions > 0);
  const odds = `${chance(leader.probability)} chance ${variant.name} is the best`;
  const risk = `an expected loss of ${lossPoints(leader.expectedLoss)} of conversion rate`;

  async function promote() {
    const done = await run(async () => {
      await apiRequest("POST", promotePath, { variantId: leader?.variantId });
      await onPromoted();
    }, "Failed to promote the variant");
    if (done) setConfirming(false);
  }

  return (
    <BlockStack gap="200">
      {decided ? (
        <InlineStack gap="200" blockAlign="center">
          <Badge tone="success">{`Winner: ${variant.name}`}</Badge>
          <Text as="span" variant="bodySm">
            {`${odds}. Keeping it risks ${risk}, under the ${threshold} the test waits for.`}
          </Text>
        </InlineStack>
      ) : (
        <Text as="p" variant="bodySm">
          {seen
            ? `No winner yet. ${variant.name} leads: ${odds}; promoting it now risks ${risk}. A winner is named once that risk is under ${threshold}.`
            : `No winner yet: nobody has seen the variants. A winner is named once keeping the leader risks under ${threshold} of conversion rate.`}
        </Text>
      )}
      <InlineStack>
        <Button variant={decided ? "primary" : "secondary"} onClick={() => setConfirming(true)}>
          {decided ? "Promote winner" : `Promote ${variant.name} anyway`}
        </Button>
      </InlineStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={
          decided
            ? `Promote variant ${variant.name}?`
            : `Promote variant ${variant.name} before the test is sure?`
        }
        primaryAction={{
          content: decided ? "Promote winner" : "Promote anyway",
          destructive: !decided,
          onAction: () => void promote(),
          loading: pending,
        }}
        secondaryActions={[{ content: "Cancel", onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            {decided ? (
              <Text as="p">{`${odds}; keeping it risks ${risk}.`}</Text>
            ) : (
              <Text as="p">
                {`The test has not named a winner yet. There is a ${odds} and a ${chance(1 - leader.probability)} chance another variant converts better. Promoting it now risks ${risk}; the test names a winner under ${threshold}.`}
              </Text>
            )}
            <Text as="p">{PROMOTE_EFFECT}</Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}
