import type { Page } from "@playwright/test";
import { permissionNames } from "~/lib/permissions";
import { apiAs, createStore, type Store, subscribe, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { createOrganization } from "./support/members";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";

/**
 * Phones (390×844): every screen fits the width; the subscribers and members lists, the header and the
 * drawer work there.
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

/**
 * What sticks out sideways: the page's own scroll width, and every visible piece of content (text,
 * controls, images) whose box leaves the viewport without being inside a container that scrolls
 * sideways on purpose. Visually hidden text (1 px, clipped) is left out.
 */
function overflow(page: Page) {
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

test("every screen fits a 390 px wide phone, with nothing sticking out sideways", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 404/);
  const { account, store } = await organizationWithSubscribers();
  await page.setViewportSize(PHONE);

  const anonymous = ["/login", "/forgot-password"];
  for (const path of anonymous) {
    await page.goto(path);
    await expect(page.locator("main, form").first()).toBeVisible();
    expect(await overflow(page), path).toEqual({
      scrollWidth: PHONE.width,
      innerWidth: PHONE.width,
      offenders: [],
    });
  }

  await login(page, account.email, account.password);
  const screens = [
    ["dashboard", `/store/${store.id}/dashboard`, "Dashboard"],
    ["stores", "/stores", "Store Management"],
    ["popup-builder", `/store/${store.id}/popup-builder`, "Popup Builder"],
    ["subscribers", `/store/${store.id}/subscribers`, "Subscribers"],
    ["campaigns", `/store/${store.id}/campaigns`, "Campaigns"],
    ["integration", `/store/${store.id}/integration`, "Integration"],
    ["email-templates", `/store/${store.id}/email-templates`, "Email Templates"],
    ["email-analytics", `/store/${store.id}/email-analytics`, "Email Analytics"],
    ["settings", `/store/${store.id}/settings`, "Settings"],
    ["members", "/admin/members", "Member Management"],
    ["onboarding", "/onboarding", undefined],
    ["not-found", "/no-such-screen", "404 Page Not Found"],
  ] as const;
  for (const [name, path, heading] of screens) {
    await page.goto(path);
    if (heading) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await overflow(page), path).toEqual({
      scrollWidth: PHONE.width,
      innerWidth: PHONE.width,
      offenders: [],
    });
    await screenshot(page, `mobile-${name}`);
  }
});

test("on a phone each subscriber shows its code, date, View and Delete on screen", async ({ page }) => {
  const { account, store, emails } = await organizationWithSubscribers();
  await page.setViewportSize(PHONE);
  await login(page, account.email, account.password);
  await page.goto(`/store/${store.id}/subscribers`);
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
  await login(page, account.email, account.password);
  await page.goto("/admin/members");
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
