/**
 * The teaser tab: after a dismissal, a small fixed tab (bottom left, in the popup's button colours) stays on
 * the page, and on later page views while the dismissal lasts; clicking it reopens the popup. Part of the
 * first file (popup/main.ts): it shows without the view.
 */
import type { PublicPopupConfig } from "./config";

const CSS =
  ":host{all:initial!important}" +
  // A manual popover: in the top layer, on screen whatever the page's ancestors do (as the popup, render.ts);
  // its UA box (centred, bordered) undone.
  "button{position:fixed;inset:auto auto 16px 16px;margin:0;z-index:2147483646;max-width:calc(100vw - 32px);min-height:44px;padding:10px 18px;border:0;border-radius:99px;box-shadow:0 8px 24px rgba(0,0,0,.25);font:700 15px/1.3 system-ui,sans-serif;cursor:pointer}" +
  "button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}";

/** Puts the tab on the page; it removes itself when clicked, then `onOpen` runs. Returns its remover. */
export function showTeaser(design: PublicPopupConfig["design"], onOpen: () => void): () => void {
  const host = document.createElement("newsletter-popup-teaser");
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${CSS}</style><button type="button" aria-haspopup="dialog" popover="manual"></button>`;
  const button = root.querySelector("button") as HTMLButtonElement;
  button.textContent = design.teaser.text;
  button.style.background = design.buttonColor;
  button.style.color = design.buttonTextColor;
  const remove = () => host.remove();
  button.onclick = () => {
    remove();
    onOpen();
  };
  document.body.append(host);
  if ("showPopover" in button) button.showPopover();
  return remove;
}
