import { useEffect, useRef } from "react";
import type { PopupWithCode, PublicPopupConfig } from "../../../popup/config";

type Handle = { update: (config: PublicPopupConfig) => void; destroy: () => void };
type Props = { config: PopupWithCode; fullscreen: boolean; onClose?: () => void };

/**
 * The live preview: the storefront's own render module (popup/render.ts) mounted in the page, so what
 * the merchant sees is what shoppers get. Loaded in the browser only; preview mode fakes the submit and
 * shows the merchant's own code, as an accepted subscription does.
 */
export function PopupPreview({ config, fullscreen, onClose }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<Handle | undefined>(undefined);
  const latest = useRef(config);
  latest.current = config;

  useEffect(() => {
    let cancelled = false;
    void import("../../../popup/render").then(({ mountPopup }) => {
      if (cancelled || !host.current) return;
      handle.current = mountPopup(host.current, latest.current, {
        preview: true,
        inline: !fullscreen,
        onSubmit: async () => ({ ok: true, discountCode: latest.current.discountCode }),
        onClose,
      });
    });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = undefined;
    };
  }, [fullscreen, onClose]);

  useEffect(() => handle.current?.update(config), [config]);

  return (
    <div ref={host} className={fullscreen ? undefined : "np-preview-host"} data-testid="popup-preview" />
  );
}
