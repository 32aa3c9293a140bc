import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Picks Shopify on a freshly loaded /onboarding. The server draws the wizard before it hydrates, and a click that
 * early does nothing: as a merchant would, click again until the Shopify fields show.
 */
export async function chooseShopify(page: Page): Promise<void> {
  const shopify = page.getByRole("button", { name: /^Shopify/ });
  await expect(async () => {
    await shopify.click();
    await expect(shopify).toHaveAttribute("aria-pressed", "true", { timeout: 1_000 });
    await expect(page.getByRole("button", { name: "Custom Domain" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
