/**
 * The colour of a filled shape in an email (the header band, the code box, a button) and of the text on it.
 *
 * The text on a fill is always white, and the fill is the merchant's colour or, when white does not reach
 * WCAG AA (4.5:1) on it, the darkest-needed shade of the same hue. Black text would read on a light fill in
 * the light render, but mail apps that darken email themselves (Gmail's and Outlook's apps) lighten dark
 * text and keep mid-tone fills: dark text on #00c68c became white on #00c68c, 2.22:1. Light text on a dark
 * fill is the one pair every such client leaves readable: it keeps both, or (a full inversion) flips both.
 * docs/decisions/171.
 */

const MIN_CONTRAST = 4.5;
export const TEXT_ON_FILL = "#ffffff";

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type Hsl = { hue: number; saturation: number; lightness: number };

function toHsl(hex: string): Hsl {
  const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  const sector = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return { hue: (sector * 60 + 360) % 360, saturation, lightness };
}

function toHex({ hue, saturation, lightness }: Hsl): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60);
  const [r, g, b] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector % 6] as [number, number, number];
  return `#${[r, g, b]
    .map((channel) =>
      Math.round((channel + m) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** `color` (#rrggbb, lower case) as a fill under white text: itself, or its lightest shade where white reads. */
export function fillUnderWhite(color: string): string {
  if (contrast(color, TEXT_ON_FILL) >= MIN_CONTRAST) return color;
  const hsl = toHsl(color);
  // Lightness falls by 0.5% steps: the first shade that reaches AA, so the hue stays as bright as it can.
  for (let lightness = hsl.lightness; lightness > 0; lightness -= 0.005) {
    const shade = toHex({ ...hsl, lightness });
    if (contrast(shade, TEXT_ON_FILL) >= MIN_CONTRAST) return shade;
  }
  return "#000000";
}
