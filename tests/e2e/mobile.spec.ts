import { permissionNames } from "~/lib/permissions";
import { apiAs, createStore, type Store, subscribe, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { createOrganization } from "./support/members";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";

/**
 * Phones (390×844): the subscribers and members lists, the header and the drawer work there (every
 * screen's fit is checked in screens.spec.ts).
 */

const PHONE = { width: 390, height: 844 };

type Setup = {
  account: { email: string; password: string };
  store: Store;
  emails: string[];
  memberEmail: string;
};

async function organizationWithSubscribers(): Promise<Setup> {
  const account = {
    name: unique("Phone Org"),
    email: `${unique("phone")}@e2e.test`,
    password: "phone-password-1",
  };
  await createOrganization(MAIN, account);
  const api = await apiAs(MAIN, account.email, account.password);
  try {
    const store = await createStore(api, {
      name: unique("Phone Shop"),
      shopifyUrl: "https://phone.example.com",
    });
    // Long addresses: the widest content a row carries.
    const emails = ["a.rather.long.address", "another.quite.long.one"].map(
      (name) => `${name}-${unique("s")}@example-shop.example`,
    );
    for (const email of emails) await subscribe(MAIN, store.id, email);
    // A pending member with every permission: the widest members row (three buttons, eight badges).
    const memberEmail = `${unique("a.long.member.address")}@example-shop.example`;
    const permissions = Object.fromEntries(permissionNames.map((name) => [name, true]));
    await api.post("/api/admin/create-member", { email: memberEmail, permissions });
    return { account, store, emails, memberEmail };
  } finally {
    await api.dispose();
  }
}

test("on a phone each subscriber shows its code, date, View and Delete on screen", async ({ page }) => {
  const { account, store, emails } = await organizationWithSubscribers();
  await page.setViewportSize(PHONE);
  await login(page, account.email, account.password, `/store/${store.id}/subscribers`);
  const first = emails[0] ?? "";
  const item = page.getByRole("listitem").filter({ hasText: first });
  await expect(item).toContainText(/Code: \S+/);
  await expect(item).toContainText(/Subscribed: \w{3} \d{1,2}, \d{4}/);
  for (const control of [
    item.getByRole("button", { name: `View ${first}` }),
    item.getByRole("button", { name: `Delete ${first}` }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  await screenshot(page, "mobile-subscribers-list");
  await item.getByRole("button", { name: `View ${first}` }).click();
  await expect(page.getByRole("dialog")).toContainText(first);

  // On a wide screen the table stays a table.
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole("row").filter({ hasText: first })).toBeVisible();
  await screenshot(page, "subscribers-list-desktop");
});

test("on a phone each member shows its status, permissions and buttons on screen", async ({ page }) => {
  const { account, memberEmail } = await organizationWithSubscribers();
  await page.setViewportSize(PHONE);
  await login(page, account.email, account.password, "/admin/members");
  const item = page.getByRole("listitem").filter({ hasText: memberEmail });
  await expect(item).toContainText("Pending");
  await expect(item).toContainText(/Joined: \w{3} \d{1,2}, \d{4} · Last login: Never/);
  for (const control of [
    item.getByRole("button", { name: `Permissions of ${memberEmail}` }),
    item.getByRole("button", { name: `Resend invitation to ${memberEmail}` }),
    item.getByRole("button", { name: `Delete ${memberEmail}` }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  await screenshot(page, "mobile-members-list");
  await item.getByRole("button", { name: `Permissions of ${memberEmail}` }).click();
  await expect(page.getByRole("heading", { name: `Permissions for ${memberEmail}` })).toBeVisible();
});

test("on a phone the header's 'Add New Store' keeps its label, and opening the menu does not focus the store filter", async ({
  page,
}) => {
  const { account } = await organizationWithSubscribers();
  await page.setViewportSize(PHONE);
  await login(page, account.email, account.password);
  const header = page.locator(".Polaris-TopBar");
  const add = header.getByRole("link", { name: "Add New Store" });
  await expect(add).toBeInViewport({ ratio: 1 });
  const label = add.getByText("Add New Store");
  await expect(label).toBeVisible();
  expect((await label.boundingBox())?.width ?? 0).toBeGreaterThan(40);

  await header.getByRole("button", { name: "Toggle menu" }).click();
  const sidebar = page.locator("nav.Polaris-Navigation");
  await expect(sidebar.getByRole("link", { name: "Subscribers" })).toBeInViewport();
  await expect(sidebar.getByRole("combobox", { name: "Store" })).not.toBeFocused();
  await expect(sidebar.getByRole("heading", { name: "Menu" })).toBeFocused();
  await screenshot(page, "mobile-menu-open", { fullPage: false });
});
