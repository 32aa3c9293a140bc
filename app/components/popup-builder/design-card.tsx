import {
  BlockStack,
  Card,
  Checkbox,
  InlineGrid,
  RangeSlider,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { type PopupDesign, popupFonts, popupPositions } from "../../../popup/config";
import { ColorField } from "./color-field";
import { ImageField } from "./image-field";
import type { EditProps } from "./types";

const positionLabels: Record<PopupDesign["position"], string> = {
  center: "Centred modal",
  corner: "Corner slide-in",
  "bottom-bar": "Bottom bar",
};
const fontLabels: Record<PopupDesign["font"], string> = { theme: "Theme font", system: "System font" };

type ColorName = "backgroundColor" | "textColor" | "buttonColor" | "buttonTextColor" | "overlayColor";
export const colorLabels: Record<ColorName, string> = {
  backgroundColor: "Background colour",
  textColor: "Text colour",
  buttonColor: "Button colour",
  buttonTextColor: "Button label colour",
  overlayColor: "Overlay colour",
};

const sliderValue = (value: number | [number, number]) => (Array.isArray(value) ? value[0] : value);

/** How the popup looks: colours, shape, font, image, where it sits and the teaser tab. */
export function DesignCard({ storeId, config, edit, errors = {} }: EditProps & { storeId: string }) {
  const { design } = config;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Design
        </Text>
        <InlineGrid columns={{ xs: 2, lg: 3 }} gap="300">
          {(Object.keys(colorLabels) as ColorName[]).map((name) => (
            <ColorField
              key={name}
              label={colorLabels[name]}
              value={design[name]}
              onChange={(value) => edit({ design: { [name]: value } })}
              error={errors[`design.${name}`]}
            />
          ))}
        </InlineGrid>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          <RangeSlider
            label={`Overlay opacity: ${design.overlayOpacity}%`}
            min={0}
            max={100}
            value={design.overlayOpacity}
            onChange={(value) => edit({ design: { overlayOpacity: sliderValue(value) } })}
          />
          <RangeSlider
            label={`Corner radius: ${design.cornerRadius} px`}
            min={0}
            max={40}
            value={design.cornerRadius}
            onChange={(value) => edit({ design: { cornerRadius: sliderValue(value) } })}
          />
        </InlineGrid>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          <Select
            label="Position"
            options={popupPositions.map((value) => ({ value, label: positionLabels[value] }))}
            value={design.position}
            onChange={(value) => edit({ design: { position: value as PopupDesign["position"] } })}
          />
          <Select
            label="Font"
            options={popupFonts.map((value) => ({ value, label: fontLabels[value] }))}
            value={design.font}
            onChange={(value) => edit({ design: { font: value as PopupDesign["font"] } })}
          />
        </InlineGrid>
        <ImageField
          storeId={storeId}
          imageId={design.imageId}
          onChange={(imageId) => edit({ design: { imageId } })}
        />
        <Checkbox
          label="Show a teaser tab after the popup is closed"
          helpText="A small tab stays on the page; clicking it opens the popup again."
          checked={design.teaser.enabled}
          onChange={(enabled) => edit({ design: { teaser: { ...design.teaser, enabled } } })}
        />
        {design.teaser.enabled ? (
          <TextField
            label="Teaser text"
            value={design.teaser.text}
            onChange={(text) => edit({ design: { teaser: { ...design.teaser, text } } })}
            error={errors["design.teaser.text"]}
            maxLength={40}
            autoComplete="off"
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}
