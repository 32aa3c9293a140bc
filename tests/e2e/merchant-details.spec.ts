import type { Page } from "@playwright/test";
import { apiAs, createStore, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { newestMail } from "./support/mail";
import { createOrganization } from "./support/members";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";

/** The small things a merchant notices: messages, names, links typed by hand, Shopify-only controls. */

async function newAccount(label: string) {
  const account = {
    name: unique(`${label} Org`),
    email: `${unique(label)}@e2e.test`,
    password: `${label}-password-1`,
  };
  await createOrganization(MAIN, account);
  return account;
}

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

test("'Login failed' is said on /login only and does not follow to Forgot password", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 401/);
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@e2e.test");
  await page.getByLabel("Password").fill("wrong-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByText("Login failed")).toHaveCount(0);
  await expect(toast(page)).toHaveCount(0);
});

test("the user menu button is named by the email and the role, without the badge's tone", async ({
  page,
}) => {
  const account = await newAccount("menu-name");
  const api = await apiAs(MAIN, account.email, account.password);
  await createStore(api, { name: unique("Menu Shop"), shopifyUrl: "https://menu.example.com" });
  await api.dispose();
  await login(page, account.email, account.password);
  const header = page.locator(".Polaris-TopBar");
  await expect(header.getByRole("button", { name: `${account.email} Admin`, exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: /Success/ })).toHaveCount(0);
});

test("Settings: a typical website has no Shopify card; a rename shows at once in the selector and subtitle; social links typed without https:// are completed", async ({
  page,
}) => {
  const account = await newAccount("details");
  const api = await apiAs(MAIN, account.email, account.password);
  const store = await createStore(api, {
    name: unique("Plain Site"),
    shopifyUrl: "https://plain.example.com",
  });
  await api.dispose();
  await login(page, account.email, account.password, `/store/${store.id}/settings`);
  await expect(page.getByRole("heading", { name: "General settings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shopify store configuration" })).toHaveCount(0);

  const renamed = unique("Renamed Site");
  await page.getByRole("button", { name: "Edit Store name" }).click();
  await field(page, "Store name").fill(renamed);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Store name updated");
  await expect(page.getByText(`Settings for ${renamed}`)).toBeVisible();
  await expect(
    page.locator("nav.Polaris-Navigation").getByRole("combobox", { name: "Store" }),
  ).toHaveAttribute("placeholder", renamed);

  const instagram = page.getByLabel("Instagram");
  await instagram.fill("instagram.com/plain-site");
  await instagram.blur();
  await expect(instagram).toHaveValue("https://instagram.com/plain-site");
  await page.getByLabel("Facebook").fill("www.facebook.com/plain-site");
  await page.getByRole("button", { name: "Save social links" }).click();
  await expect(toast(page)).toHaveText("Success: Social media links updated successfully");
  await expect(page.getByLabel("Facebook")).toHaveValue("https://www.facebook.com/plain-site");
  const popup = await page.request.get(`${MAIN.baseURL}/api/public/stores/${store.id}/popup`);
  expect((await popup.json()).socialLinks).toEqual({
    instagram: "https://instagram.com/plain-site",
    facebook: "https://www.facebook.com/plain-site",
  });
  await screenshot(page, "settings-typical-site");
});

test("an admin resends a pending member's invitation; the member gets a new email", async ({ page }) => {
  const account = await newAccount("resend");
  const api = await apiAs(MAIN, account.email, account.password);
  await createStore(api, { name: unique("Resend Shop"), shopifyUrl: "https://resend.example.com" });
  const invitee = `${unique("pending")}@e2e.test`;
  await api.post("/api/admin/create-member", { email: invitee, permissions: {} });
  await api.dispose();
  await newestMail(MAIN, invitee);

  await login(page, account.email, account.password, "/admin/members");
  const row = page.getByRole("row").filter({ hasText: invitee });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  const resentAt = Date.now() - 500;
  await row.getByRole("button", { name: `Resend invitation to ${invitee}` }).click();
  await expect(toast(page)).toHaveText(`Invitation sent again to ${invitee}`);
  const mail = await newestMail(MAIN, invitee, resentAt);
  expect(mail.subject).toBe("You have been invited to Newsletter Popup");
  await screenshot(page, "members-resend-invitation");
});
