import { BlockStack, Text } from "@shopify/polaris";
import type { WheelStats } from "~/lib/schemas/popup-stats";
import { percent } from "./stats-format";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * The prize wheel's draws in the period: per slice, the chance its weight gives beside how many subscribers
 * drew it (and their share of the spins); then the spins in all and those without a prize, and those on
 * slices since renamed or removed.
 */
export function WheelResults({ wheel }: { wheel: WheelStats }) {
  const share = (winners: number) => (wheel.spins > 0 ? ` (${percent(winners / wheel.spins)})` : "");
  return (
    <section aria-label="Prize wheel results">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          Prize wheel
        </Text>
        <dl className="np-figures">
          {wheel.slices.map(({ label, prize, chance, winners }, index) => (
            // Slices have no ids: their place is what a draw names.
            <div key={index}>
              <dt>{`Slice ${index + 1} · ${label}${prize ? "" : " (no prize)"}`}</dt>
              <dd>{`${chance}% chance · ${prize ? "won by" : "drawn by"} ${count(winners)}${share(winners)}`}</dd>
            </div>
          ))}
        </dl>
        <Text as="p" variant="bodySm" tone="subdued">
          {`${count(wheel.spins)} ${wheel.spins === 1 ? "spin" : "spins"} in the period, ${count(wheel.noPrize)} without a prize.`}
        </Text>
        {wheel.earlier > 0 && (
          <Text as="p" variant="bodySm" tone="subdued">
            {`${count(wheel.earlier)} of them landed on ${wheel.earlier === 1 ? "a slice" : "slices"} since renamed or removed, counted for no slice above.`}
          </Text>
        )}
      </BlockStack>
    </section>
  );
}
