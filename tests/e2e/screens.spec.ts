import { type BrowserContext, type Locator, type Page, request } from "@playwright/test";
import { permissionNames } from "~/lib/permissions";
import { apiAs, createStore, recordViews, type Store, subscribe, unique, updatePopup } from "./support/api";
import { type SessionCookie, signInCookies } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, toast } from "./support/fixtures";
import { createMember, createOrganization, issueResetToken, markCouponUsed } from "./support/members";
import { overflowSideways } from "./support/overflow";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";

/**
 * Every screen of the app, each loaded once at a desktop and once at a phone width, signed in as who sees it:
 * its heading and a piece of its store's content, no critical or serious axe violation, at 390 px nothing
 * sticking out sideways, and a picture of each (tests/e2e/screenshots/screen-*.png and mobile-*.png).
 * Each worker builds its own organization with a store worth looking at: subscribers with long addresses,
 * views, a used code, a campaign and a pending member with every permission (the widest members row).
 * /setup is checked in setup.spec.ts (it exists only before the first user), the app inside the Shopify admin
 * in shopify-embedded.spec.ts.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

type Who = "owner" | "member" | "nobody";
type Screen = {
  name: string;
  who: Who;
  path: () => string;
  /** The level-1 heading it shows, if it has one. */
  heading?: string;
  /** What shows once the screen's data is in. */
  ready: (page: Page) => Locator;
};

let store: Store;
let campaignId: string;
let resetToken = "";
/**
 * The people and addresses a worker's setup makes, with new names each time it runs: a worker that takes up this
 * file again after another file runs the setup again, and the same addresses would then be taken.
 */
function newCast() {
  return {
    owner: {
      name: unique("Screens Org"),
      email: `${unique("screens")}@e2e.test`,
      password: "screens-password-1",
    },
    member: { email: `${unique("screens-member")}@e2e.test`, password: "screens-member-password-1" },
    subscribers: ["ava", "ben", "a.rather.long.address", "another.quite.long.one"].map(
      (name) => `${name}-${unique("s")}@northwind-buyers.example`,
    ),
  };
}
let cast = newCast();
const cookies: Partial<Record<Who, SessionCookie[]>> = {};

const text = (value: string) => (page: Page) => page.getByText(value, { exact: true }).first();

const SCREENS: Screen[] = [
  {
    name: "dashboard",
    who: "owner",
    path: () => `/store/${store.id}/dashboard`,
    heading: "Dashboard",
    ready: (page) => text(`New subscribers per day, last 30 days — ${store.name}`)(page),
  },
  {
    name: "stores",
    who: "owner",
    path: () => "/stores",
    heading: "Store Management",
    ready: (page) => text(store.name)(page),
  },
  {
    name: "popup-builder",
    who: "owner",
    path: () => `/store/${store.id}/popup-builder`,
    heading: "Popup Builder",
    ready: (page) => text(`Design the signup popup visitors of ${store.name} see`)(page),
  },
  {
    name: "subscribers",
    who: "owner",
    path: () => `/store/${store.id}/subscribers`,
    heading: "Subscribers",
    ready: (page) => text(cast.subscribers[2] ?? "")(page),
  },
  {
    name: "campaigns",
    who: "owner",
    path: () => `/store/${store.id}/campaigns`,
    heading: "Campaigns",
    ready: text("Accessible news"),
  },
  {
    name: "campaign-editor",
    who: "owner",
    path: () => `/store/${store.id}/campaigns/${campaignId}`,
    heading: "Accessible news",
    // The form, and the email's preview rendered by the server.
    ready: (page) => page.locator('iframe[title="Email preview"][srcdoc*="Shop now"]'),
  },
  {
    name: "integration",
    who: "owner",
    path: () => `/store/${store.id}/integration`,
    heading: "Integration",
    ready: (page) => text(`Install the popup on ${store.name}`)(page),
  },
  {
    name: "email-templates",
    who: "owner",
    path: () => `/store/${store.id}/email-templates`,
    heading: "Email Templates",
    // The saved template is previewed on load (the frame is sandboxed without scripts: its srcdoc is read).
    ready: (page) => page.locator('iframe[title="Email preview"][srcdoc*="WELCOME15"]'),
  },
  {
    name: "email-analytics",
    who: "owner",
    path: () => `/store/${store.id}/email-analytics`,
    heading: "Email Analytics",
    ready: text("No email data available"),
  },
  {
    name: "settings",
    who: "owner",
    path: () => `/store/${store.id}/settings`,
    heading: "Settings",
    ready: (page) => text(`Settings for ${store.name}`)(page),
  },
  {
    name: "members",
    who: "owner",
    path: () => "/admin/members",
    heading: "Member Management",
    ready: (page) => page.getByText(cast.member.email).first(),
  },
  {
    name: "onboarding",
    who: "owner",
    path: () => "/onboarding",
    heading: "Add Your Site",
    ready: text("Step 1 of 4"),
  },
  {
    name: "not-found",
    who: "owner",
    path: () => "/no-such-screen",
    heading: "404 Page Not Found",
    ready: (page) => page.getByRole("link").first(),
  },
  {
    name: "permission-denied",
    who: "member",
    path: () => "/settings",
    ready: (page) => page.getByRole("heading", { name: "Permission Denied" }),
  },
  {
    name: "login",
    who: "nobody",
    path: () => "/login",
    heading: "Sign in",
    ready: (page) => page.locator("form"),
  },
  {
    name: "forgot-password",
    who: "nobody",
    path: () => "/forgot-password",
    heading: "Forgot your password?",
    ready: (page) => page.locator("form"),
  },
  {
    name: "reset-password",
    who: "nobody",
    path: () => `/reset-password?token=${encodeURIComponent(resetToken)}`,
    heading: "Set New Password",
    ready: (page) => page.locator("form"),
  },
  {
    // Signup is closed on these servers (ALLOW_SIGNUP unset): the signed-out 404 page; its form is setup's.
    name: "signup-closed",
    who: "nobody",
    path: () => "/signup",
    ready: (page) => page.getByText(/not found/i).first(),
  },
];

// Checked at rest: without reduced motion axe could read a colour halfway through a fade-in.
test.use({ contextOptions: { reducedMotion: "reduce" } });

test.beforeAll(async () => {
  cast = newCast();
  const { owner, member } = cast;
  await createOrganization(MAIN, owner);
  const api = await apiAs(MAIN, owner.email, owner.password);
  try {
    store = await createStore(api, {
      name: unique("Northwind Outfitters"),
      shopifyUrl: `https://${unique("northwind")}.example.com`,
    });
    await updatePopup(api, store.id, { title: "Get <mark>15% off</mark> your first order" });
    const campaign = await api.post<{ id: string }>(`/api/stores/${store.id}/campaigns`, {
      name: "Accessible news",
      subject: "News for everyone",
      audience: { from: null, to: null, search: "", codeUsed: "any", confirmedOnly: false },
    });
    campaignId = campaign.id;
    const everyPermission = Object.fromEntries(permissionNames.map((name) => [name, true]));
    await api.post("/api/admin/create-member", {
      email: `${unique("a.long.member.address")}@example-shop.example`,
      permissions: everyPermission,
    });
  } finally {
    await api.dispose();
  }
  for (const email of cast.subscribers) await subscribe(MAIN, store.id, email);
  await recordViews(MAIN, store.id, 40);
  await markCouponUsed(MAIN, store.id, cast.subscribers[1] ?? "");
  await createMember(MAIN, { ...member, permissions: {}, organizationOf: owner.email });
  resetToken = await issueResetToken(MAIN, member.email);
  cookies.owner = await sessionOf(owner);
  cookies.member = await sessionOf(member);
});

/** A session of its own for each user, taken once per worker. */
async function sessionOf(user: { email: string; password: string }): Promise<SessionCookie[]> {
  const client = await request.newContext();
  try {
    return await signInCookies(client, MAIN.baseURL, user.email, user.password);
  } finally {
    await client.dispose();
  }
}

async function signInAs(context: BrowserContext, who: Who): Promise<void> {
  const session = cookies[who];
  if (session) await context.addCookies(session);
}

async function showsItself(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path());
  if (screen.heading) {
    await expect(page.getByRole("heading", { level: 1, name: screen.heading, exact: true })).toBeVisible();
  }
  await expect(screen.ready(page)).toBeVisible();
}

for (const screen of SCREENS) {
  test(`${screen.name}: shows its content with no serious axe violation at 1440 px, and fits 390 px`, async ({
    page,
    context,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 40[34]/);
    await signInAs(context, screen.who);

    await page.setViewportSize(DESKTOP);
    await showsItself(page, screen);
    await expectNoSeriousAxeViolations(page, `${screen.name} at ${DESKTOP.width} px`);
    await screenshot(page, `screen-${screen.name}`);

    await page.setViewportSize(PHONE);
    await showsItself(page, screen);
    await expectNoSeriousAxeViolations(page, `${screen.name} at ${PHONE.width} px`);
    expect(await overflowSideways(page), `${screen.name} at ${PHONE.width} px`).toEqual({
      scrollWidth: PHONE.width,
      innerWidth: PHONE.width,
      offenders: [],
    });
    await screenshot(page, `mobile-${screen.name}`);
  });
}

test("a toast: no critical or serious axe violations at 1440 and 390 px", async ({ page }) => {
  // An invalid reset link leads to the login page with an error toast.
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto("/reset-password");
    await expect(toast(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `the login page with a toast at ${size.width} px`);
  }
});

test("the header's user menu, open: no critical or serious axe violations", async ({ page, context }) => {
  await signInAs(context, "owner");
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/store/${store.id}/dashboard`);
    await page.locator(".Polaris-TopBar").getByRole("button", { name: cast.owner.email }).click();
    await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `the open user menu at ${size.width} px`);
  }
});

test("the storefront popup opens with focus on its first field, with no critical or serious axe violations", async ({
  page,
}) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/demo/${store.id}`);
    const popup = page.locator("newsletter-popup").getByRole("dialog");
    await expect(popup).toBeVisible();
    await expect(popup.getByLabel("Email address")).toBeFocused();
    await expectNoSeriousAxeViolations(page, `the demo page with the popup open at ${size.width} px`);
    // The popup shows once per visitor: the next width is a new visitor.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
});

test.describe("phone 390×844", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("/dashboard with the navigation drawer", async ({ page, context }) => {
    await signInAs(context, "owner");
    await context.addCookies([{ name: "np_store", value: store.id, url: MAIN.baseURL }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(`/store/${store.id}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // On a phone the sidebar is a drawer behind the header's toggle.
    await expect(page.locator("nav.Polaris-Navigation").getByText("Store Management")).toBeHidden();
    await screenshot(page, "dashboard-phone");

    await page.getByRole("button", { name: "Toggle menu" }).click();
    const sidebar = page.locator("nav.Polaris-Navigation");
    await expect(sidebar.getByRole("link", { name: "Store Management" })).toBeVisible();
    await screenshot(page, "dashboard-phone-navigation");
    await sidebar.getByRole("link", { name: "Store Management" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Store Management" })).toBeHidden();
  });
});
