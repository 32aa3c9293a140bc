import type { Page } from "@playwright/test";
import { expect, toast } from "./fixtures";

/** Signs in through the /login form and waits until the app has left /login. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(toast(page)).toHaveText("Logged in successfully");
  await expect(page).not.toHaveURL(/\/login/);
}

/** Opens the header's user menu (the activator shows the signed-in email). */
export async function openUserMenu(page: Page, email: string): Promise<void> {
  await page.locator(".Polaris-TopBar").getByRole("button").filter({ hasText: email }).click();
}
