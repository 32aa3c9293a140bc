import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Types `title` in the Popup Builder's Title field and waits until the autosave stored it (`storedTitle`
 * reads it back). The builder saves in order, so once this later edit is stored, an earlier refused value
 * would have been too: what a test reads afterwards shows it was not, without waiting a fixed time.
 */
export async function saveTitle(
  page: Page,
  storedTitle: () => Promise<string | undefined>,
  title: string,
): Promise<void> {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect.poll(storedTitle).toBe(title);
}
