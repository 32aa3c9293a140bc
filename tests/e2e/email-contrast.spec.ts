import type { Browser, BrowserType, Locator, Page } from "@playwright/test";
import { type AppApi, apiAs, createStore, type Store, unique } from "./support/api";
import { expect, test } from "./support/fixtures";
import { ADMIN, MAIN } from "./support/servers";

/**
 * The discount code and the button stay readable (WCAG AA, 4.5:1) in the three ways a subscriber's mail app
 * shows a store's email, measured from the pixels Chromium draws, not from the css:
 *
 * - light: the email as written;
 * - dark: the app asks for `prefers-color-scheme: dark` and the email's own dark rules apply (Apple Mail,
 *   Outlook for Mac and iOS);
 * - forced dark: the app ignores the email's styles and darkens it by itself, as Gmail's and Outlook's apps
 *   do. Emulated with Chromium's Auto Dark Mode (`--enable-features=WebContentsForceDark`, the algorithmic
 *   darkening Android's WebView offers apps), under a light preference so the email's own dark rules stay
 *   off. It is a selective inversion like the apps': light backgrounds darkened, dark text lightened,
 *   mid-tone fills kept. It reproduces the failure it guards against: the earlier email's black code on
 *   #00c68c came out white on #00c68c, 2.22:1. A whole-page `filter: invert(1) hue-rotate(180deg)` was not
 *   used: no app inverts every colour, fills included.
 *
 * The emails come from the running app's preview endpoints with the store's default colours (#0071b9
 * button, #00c68c code box) and with a merchant's light ones (#ffcc00, #7fd8ff) that black text would
 * otherwise need.
 */
const MIN_CONTRAST = 4.5;
const FORCE_DARK = "--enable-features=WebContentsForceDark";

type Mode = "light" | "dark" | "forced dark";
type Rgb = [number, number, number];

let api: AppApi;
let store: Store;

test.beforeAll(async () => {
  api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  store = await createStore(api, {
    name: unique("Contrast Shop"),
    shopifyUrl: "https://contrast.example.com",
  });
});

test.afterAll(async () => {
  await api?.dispose();
});

const palettes = [
  { name: "default colours", primaryColor: "#0071b9", secondaryColor: "#00c68c" },
  { name: "light merchant colours", primaryColor: "#ffcc00", secondaryColor: "#7fd8ff" },
];

async function welcomeEmail(colors: { primaryColor: string; secondaryColor: string }): Promise<string> {
  const preview = await api.post<{ html: string }>("/api/email-template/preview", {
    storeId: store.id,
    ...colors,
  });
  return preview.html;
}

async function campaignEmail(colors: { primaryColor: string; secondaryColor: string }): Promise<string> {
  const preview = await api.post<{ html: string }>(`/api/stores/${store.id}/campaigns/preview`, {
    subject: "News",
    content: {
      ...colors,
      blocks: [
        { id: "hi", type: "text", text: "Hi [First Name], here is what is new." },
        { id: "code", type: "discountCode" },
        { id: "shop", type: "button", label: "See the new range", url: "" },
      ],
    },
  });
  return preview.html;
}

/** A page showing `html` as `mode` draws it. */
async function pageIn(mode: Mode, html: string, browser: Browser, forcedDark: Browser): Promise<Page> {
  const context = await (mode === "forced dark" ? forcedDark : browser).newContext({
    colorScheme: mode === "dark" ? "dark" : "light",
    viewport: { width: 700, height: 900 },
  });
  const page = await context.newPage();
  await page.setContent(html, { waitUntil: "load" });
  return page;
}

/**
 * The colours of `target`'s pixels inside its rounded corners (`inset` px from each edge), most common first,
 * counted by `decoder` (a plain light page: the forced-dark browser would darken the picture itself).
 */
async function colorsDrawn(target: Locator, inset: number, decoder: Page): Promise<Rgb[]> {
  const box = await target.boundingBox();
  if (!box) throw new Error("the element is not drawn");
  const png = await target.page().screenshot({
    clip: {
      x: box.x + inset,
      y: box.y + inset,
      width: box.width - 2 * inset,
      height: box.height - 2 * inset,
    },
  });
  return decoder.evaluate(async (base64) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const counts = new Map<number, number>();
    for (let index = 0; index < data.length; index += 4) {
      const color = ((data[index] ?? 0) << 16) | ((data[index + 1] ?? 0) << 8) | (data[index + 2] ?? 0);
      counts.set(color, (counts.get(color) ?? 0) + 1);
    }
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 100)
      .map(([color]) => [(color >> 16) & 255, (color >> 8) & 255, color & 255] as [number, number, number]);
  }, png.toString("base64"));
}

/** The most common colour (the fill) and the most common one far from it (the text's solid core). */
function fillAndText(ranked: Rgb[]): { background: Rgb; text: Rgb } {
  const [background] = ranked;
  if (!background) throw new Error("no pixels");
  const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const text = ranked.find((color) => distance(color, background) > 120);
  if (!text) throw new Error("no text drawn on the fill");
  return { background, text };
}

function luminance([r, g, b]: Rgb): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(first: Rgb, second: Rgb): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const hex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;

async function launchForcedDark(browserType: BrowserType): Promise<Browser> {
  const launchOptions = test.info().project.use.launchOptions ?? {};
  return browserType.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), FORCE_DARK] });
}

for (const palette of palettes) {
  test(`the code and the button read at ${MIN_CONTRAST}:1 in light, dark and forced dark: ${palette.name}`, async ({
    browser,
    playwright,
    page: decoder,
  }) => {
    const forcedDark = await launchForcedDark(playwright.chromium);
    const emails = { welcome: await welcomeEmail(palette), campaign: await campaignEmail(palette) };
    const figures: string[] = [];
    for (const [kind, html] of Object.entries(emails)) {
      for (const mode of ["light", "dark", "forced dark"] as const) {
        const page = await pageIn(mode, html, browser, forcedDark);
        // The card behind the body text: light only in light mode, else the darkening took effect.
        const [card = [255, 255, 255]] = await colorsDrawn(page.locator("td.np-card").first(), 0, decoder);
        expect(luminance(card) < 0.2, `${kind} card in ${mode}: ${hex(card)}`).toBe(mode !== "light");
        const parts = {
          code: page.locator("td:has(> p.np-code)"),
          button: page.locator("td.np-fill"),
        };
        for (const [part, target] of Object.entries(parts)) {
          const { background, text } = fillAndText(await colorsDrawn(target, 8, decoder));
          const ratio = contrast(text, background);
          figures.push(`${kind} ${part} ${mode}: ${hex(text)} on ${hex(background)} ${ratio.toFixed(2)}:1`);
          expect(ratio, `${kind} ${part} in ${mode}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
        }
        await page.context().close();
      }
    }
    await forcedDark.close();
    // biome-ignore lint/suspicious/noConsole: the contrast figures are the report this spec exists for.
    console.log(`email contrast, ${palette.name} (from pixels):\n  ${figures.join("\n  ")}`);
  });
}
