import { Text } from "@shopify/polaris";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import type { PopupWithCode, PublicPopupConfig, PublicVariant } from "../../../popup/config";
import { inLanguage } from "../../../popup/languages";
import { withVariant } from "../../../popup/targeting";

/** SPEC §9: the fake submit delay of the preview (its processing view). */
const PREVIEW_PROCESSING_MS = 2000;

type Handle = { update: (config: PublicPopupConfig) => void; destroy: () => void };

/** The screens the side-pane preview stands for: a laptop and a phone (an iPhone 14's 390 × 844 CSS px). */
export const PREVIEW_DEVICES = {
  desktop: { label: "Desktop", width: 1024, height: 680 },
  mobile: { label: "Mobile", width: 390, height: 844 },
} as const;
export type PreviewDevice = keyof typeof PREVIEW_DEVICES;

/**
 * `config.design` is the popup's (its image as a URL); `variant`, when given, is shown over it as shoppers see
 * it, in `language` when given (one of the popup's); `conditions`: what the success view says under the code
 * (the server's answer does on the storefront).
 */
type Shown = {
  config: PopupWithCode;
  variant?: PublicVariant | null;
  language?: string;
  conditions?: string;
};
type Props =
  | (Shown & { fullscreen: true; onClose: () => void })
  | (Shown & { fullscreen: false; device: PreviewDevice });

/**
 * The live preview: the storefront's own render module (popup/render.ts) mounted in the page, so what
 * the merchant sees is what shoppers get (with its design, and a variant's overrides when one is chosen). Loaded in the browser only; preview mode fakes the submit and
 * shows the merchant's own code, as an accepted subscription does. In the side pane it is laid out on a
 * screen of the device's real size, scaled down to fit: Small and Extra large differ as they do on a site.
 */
export function PopupPreview(props: Props) {
  const { fullscreen } = props;
  const config = useMemo(
    () => inLanguage(withVariant(props.config, props.variant), props.language ?? ""),
    [props.config, props.variant, props.language],
  );
  const onClose = props.fullscreen ? props.onClose : undefined;
  const screen = props.fullscreen ? null : PREVIEW_DEVICES[props.device];
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<Handle | undefined>(undefined);
  const latest = useRef(config);
  latest.current = config;
  const conditions = useRef(props.conditions);
  conditions.current = props.conditions;

  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      import("../../../popup/render"),
      import("../../../popup/builder-features").then(({ builderFeatures }) => builderFeatures()),
    ]).then(([{ mountPopup }, features]) => {
      if (cancelled || !host.current) return;
      handle.current = mountPopup(host.current, latest.current, {
        preview: true,
        features,
        inline: !fullscreen,
        screenHeight: screen?.height,
        onSubmit: async () => {
          await new Promise((resolve) => setTimeout(resolve, PREVIEW_PROCESSING_MS));
          return { ok: true, discountCode: latest.current.discountCode, conditions: conditions.current };
        },
        onClose,
      });
    });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = undefined;
    };
  }, [fullscreen, onClose, screen?.height]);

  useEffect(() => handle.current?.update(config), [config]);

  const element = (
    <div ref={host} className={fullscreen ? undefined : "np-preview-host"} data-testid="popup-preview" />
  );
  return screen ? <ScaledScreen screen={screen}>{element}</ScaledScreen> : element;
}

/** On wide windows the pane stays in view (sticky): the screen is scaled to fit the window's height too. */
const WIDE_WINDOW = "(min-width: 65em)";
const PANE_CHROME_PX = 260;

function ScaledScreen({
  screen,
  children,
}: {
  screen: (typeof PREVIEW_DEVICES)[PreviewDevice];
  children: ReactNode;
}) {
  const outer = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);

  useEffect(() => {
    const element = outer.current;
    if (!element) return;
    const fit = () => {
      const byWidth = element.clientWidth / screen.width;
      const byHeight = window.matchMedia(WIDE_WINDOW).matches
        ? Math.max(240, window.innerHeight - PANE_CHROME_PX) / screen.height
        : Number.POSITIVE_INFINITY;
      setScale(Math.min(1, byWidth, byHeight));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    window.addEventListener("resize", fit);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", fit);
    };
  }, [screen]);

  return (
    <div ref={outer} className="np-preview-screen-outer">
      <div
        className="np-preview-screen-box"
        style={{ width: screen.width * scale, height: screen.height * scale }}
      >
        <div
          className="np-preview-screen"
          data-testid="popup-preview-screen"
          style={{ width: screen.width, height: screen.height, transform: `scale(${scale})` }}
        >
          {children}
        </div>
      </div>
      <Text as="p" variant="bodySm" tone="subdued" alignment="center">
        {`${screen.label} screen, ${screen.width} px wide${
          scale > 0 && scale < 0.995 ? `, shown at ${Math.round(scale * 100)}%` : ""
        }`}
      </Text>
    </div>
  );
}
