import { Banner, BlockStack, Text } from "@shopify/polaris";
import { offerText } from "~/lib/languages/offer-words";
import { typedOfferFigure } from "~/lib/typed-offer-figures";
import { offerOfColumns } from "../../../popup/offer";
import type { BuilderConfig } from "./types";

/**
 * Warns when a text of the popup names the offer with a typed figure other than what the code gives
 * ("15%" while the code gives $10 off): the merchant's words stay theirs, [OFFER] would follow the offer. A
 * wheel's texts are not read: its prizes differ per slice.
 */
export function TypedFiguresBanner({ config, currency }: { config: BuilderConfig; currency: string }) {
  if (config.wheel) return null;
  const offer = offerOfColumns(config);
  const texts: [string, string][] = [
    ["Title", config.title],
    ["Subtitle", config.subtitle],
    ...(config.steps.opener.enabled
      ? [["Opener question", config.steps.opener.question] as [string, string]]
      : []),
    ...(config.design.teaser.enabled ? [["Teaser text", config.design.teaser.text] as [string, string]] : []),
  ];
  const typed = texts.flatMap(([label, text]) => {
    const figure = typedOfferFigure(text, offer);
    return figure ? [{ label, figure }] : [];
  });
  if (typed.length === 0) return null;
  const gives = offerText(offer, currency, config.languages[0]?.code ?? "en");
  return (
    <Banner tone="warning" title="A text names another offer than your code gives">
      <BlockStack gap="100">
        {typed.map(({ label, figure }) => (
          <Text key={label} as="p">
            {label} says “{figure}”, but the code gives {gives}.
          </Text>
        ))}
        <Text as="p">
          Write [OFFER] where a text names the offer: shoppers then read what the code gives, in every
          language.
        </Text>
      </BlockStack>
    </Banner>
  );
}
