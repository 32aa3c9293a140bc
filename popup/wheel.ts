/**
 * The prize wheel above the form (docs/decisions/182): equal slices in the merchant's colours with their
 * labels, and the turn that lands the slice the server drew under the pointer. The storefront's feature file
 * newsletter-popup-wheel.js (popup/features.ts), loaded only for a popup with a wheel.
 */
import type { PublicWheel } from "./prize-wheel";
import { escapeHtml } from "./sanitize";

const CSS =
  "<style>.wh{position:relative;width:220px;max-width:70%;aspect-ratio:1;margin:0 auto 16px}" +
  ".wd{position:relative;height:100%;border-radius:50%;border:4px solid #fff;box-shadow:0 2px 10px rgba(0,0,0,.3);transition:transform 4s cubic-bezier(.15,.85,.25,1)}" +
  ".wd span{position:absolute;left:50%;top:50%;width:50%;transform-origin:0 0;padding:0 12px 0 22px;color:#fff;font:700 12px/1.1 sans-serif;text-align:right;text-shadow:0 1px 2px #000a;overflow-wrap:anywhere}" +
  ".wh:after{content:'';position:absolute;top:-8px;left:50%;margin-left:-11px;border:11px solid transparent;border-top:18px solid var(--fg)}" +
  "@media (prefers-reduced-motion:reduce){.wd{transition:none}}</style>";

/** The turn that stands slice `slice` of `count` under the pointer after five full turns. */
const landing = (slice: number, count: number) => `rotate(${1800 - ((slice + 0.5) * 360) / count}deg)`;

/** The wheel: its first slice's middle under the pointer at the top, or slice `landed` (the success view). */
export function wheelHtml({ slices }: PublicWheel, landed?: number): string {
  const step = 360 / slices.length;
  const stops = slices.map(({ color }, i) => `${color} ${i * step}deg ${(i + 1) * step}deg`).join();
  const labels = slices
    .map(
      ({ label }, i) =>
        `<span style="transform:rotate(${(i + 0.5) * step - 90}deg) translateY(-50%)">${escapeHtml(label)}</span>`,
    )
    .join("");
  const turn = landed === undefined ? "" : `;transform:${landing(landed, slices.length)}`;
  return `${CSS}<div class="wh" aria-hidden="true"><div class="wd" style="background:conic-gradient(${stops})${turn}">${labels}</div></div>`;
}

/**
 * Turns the wheel in `root` five times and on to `slice`, resolving once it stands still: at once when the
 * shopper prefers reduced motion (the wheel jumps there) or when there is no wheel.
 */
export function spinWheel(root: ParentNode, slice: number, count: number): Promise<void> {
  const disc = root.querySelector<HTMLElement>(".wd");
  if (!disc) return Promise.resolve();
  disc.style.transform = landing(slice, count);
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
  return new Promise((resolve) => {
    disc.addEventListener("transitionend", () => resolve(), { once: true });
    // A page that stops transitions (a hidden tab) still moves on.
    setTimeout(resolve, 4500);
  });
}
