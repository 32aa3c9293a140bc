import type { Page } from "@playwright/test";

/**
 * What sticks out sideways: the page's own scroll width, and every visible piece of content (text,
 * controls, images) whose box leaves the viewport without being inside a container that scrolls
 * sideways on purpose. Visually hidden text (1 px, clipped) is left out.
 */
export function overflowSideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX === "auto" || overflowX === "scroll") return true;
      }
      return false;
    };
    const visuallyHidden = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const rect = node.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return true;
      }
      return false;
    };
    const isContent = (element: Element) =>
      element.matches("a, button, input, select, textarea, img, svg") ||
      Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim());
    const offenders: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (!isContent(element)) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      if (inScroller(element) || visuallyHidden(element)) continue;
      offenders.push(
        `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().slice(0, 40)}"`,
      );
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      offenders,
    };
  });
}
