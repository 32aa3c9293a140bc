import type { Page } from "@playwright/test";
import type { PopupEvent } from "../../../popup/main";

type Recorded = PopupEvent & { at: number };
declare global {
  interface Window {
    popupEvents?: Recorded[];
  }
}

/** Keeps every `newsletterpopup` event of the page's storefront script (with its time) from now on. */
export async function recordPopupEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    addEventListener("newsletterpopup", (event) => {
      const detail = (event as CustomEvent<PopupEvent>).detail;
      window.popupEvents ??= [];
      window.popupEvents.push({ ...detail, at: performance.now() });
    });
  });
}

/** The script's decision for this page view: which popup, and what it waits for (null: nothing shows). */
export async function popupDecision(page: Page): Promise<Extract<PopupEvent, { type: "ready" }>> {
  const handle = await page.waitForFunction(() =>
    window.popupEvents?.find((event) => event.type === "ready"),
  );
  return (await handle.jsonValue()) as Extract<PopupEvent, { type: "ready" }>;
}

/** The page's time of the first event of this type (performance.now(), milliseconds). */
export async function popupEventTime(page: Page, type: PopupEvent["type"]): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => window.popupEvents?.find((event) => event.type === wanted)?.at,
    type,
  );
  return (await handle.jsonValue()) as number;
}
