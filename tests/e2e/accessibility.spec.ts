import { type BrowserContext, type Locator, type Page, request } from "@playwright/test";
import { apiAs, createStore, type Store, subscribe, unique } from "./support/api";
import { type SessionCookie, signInCookies } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, toast } from "./support/fixtures";
import { createMember, issueResetToken } from "./support/members";
import { ADMIN, MAIN } from "./support/servers";

/**
 * axe over every screen of the app at a desktop and a phone width: no critical or serious violation.
 * Each screen is loaded once per width, signed in with cookies taken once per worker; a screen is checked
 * once its content has arrived (the skeletons are gone). /setup is checked in setup.spec.ts (it exists only
 * before the first user), the app inside the Shopify admin in shopify-embedded.spec.ts.
 */
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

type Who = "admin" | "member" | "nobody";
type Screen = {
  name: string;
  who: Who;
  path: () => string;
  /** What shows once the screen's data is in. */
  ready: (page: Page) => Locator;
};

let store: Store;
let campaignId: string;
const member = { email: `${unique("a11y-member")}@e2e.test`, password: "a11y-member-password-1" };
const cookies: Partial<Record<Who, SessionCookie[]>> = {};

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

const SCREENS: Screen[] = [
  {
    name: "dashboard",
    who: "admin",
    path: () => `/store/${store.id}/dashboard`,
    ready: (page) => page.getByText(`New subscribers per day, last 30 days — ${store.name}`),
  },
  {
    name: "stores",
    who: "admin",
    path: () => "/stores",
    ready: (page) => page.getByText(store.name).first(),
  },
  {
    name: "integration",
    who: "admin",
    path: () => `/store/${store.id}/integration`,
    ready: (page) => page.getByText(`Install the popup on ${store.name}`),
  },
  {
    name: "popup builder",
    who: "admin",
    path: () => `/store/${store.id}/popup-builder`,
    ready: (page) =>
      page
        .getByText("All changes saved")
        .or(page.getByText("Email", { exact: true }))
        .first(),
  },
  {
    name: "subscribers",
    who: "admin",
    path: () => `/store/${store.id}/subscribers`,
    ready: (page) => page.getByText(`ava@${store.id}.example`),
  },
  {
    name: "campaigns",
    who: "admin",
    path: () => `/store/${store.id}/campaigns`,
    ready: (page) => page.getByText("Accessible news"),
  },
  {
    name: "campaign editor",
    who: "admin",
    path: () => `/store/${store.id}/campaigns/${campaignId}`,
    ready: (page) => page.getByLabel("Subject"),
  },
  {
    name: "email templates",
    who: "admin",
    path: () => `/store/${store.id}/email-templates`,
    ready: (page) => page.getByText("View detailed analytics"),
  },
  {
    name: "email analytics",
    who: "admin",
    path: () => `/store/${store.id}/email-analytics`,
    ready: (page) => page.getByText("No email data available"),
  },
  {
    name: "settings",
    who: "admin",
    path: () => `/store/${store.id}/settings`,
    ready: (page) => page.getByText(`Settings for ${store.name}`),
  },
  {
    name: "member management",
    who: "admin",
    path: () => "/admin/members",
    ready: (page) => page.getByText(member.email),
  },
  {
    name: "onboarding",
    who: "admin",
    path: () => "/onboarding",
    ready: (page) => page.getByText("Step 1 of 4"),
  },
  {
    name: "not found",
    who: "admin",
    path: () => "/no-such-screen",
    ready: (page) => heading(page, "404 Page Not Found"),
  },
  {
    name: "permission denied",
    who: "member",
    path: () => "/settings",
    ready: (page) => page.getByRole("heading", { name: "Permission Denied" }),
  },
  { name: "login", who: "nobody", path: () => "/login", ready: (page) => heading(page, "Sign in") },
  {
    name: "forgot password",
    who: "nobody",
    path: () => "/forgot-password",
    ready: (page) => heading(page, "Forgot your password?"),
  },
  {
    name: "reset password",
    who: "nobody",
    path: () => `/reset-password?token=${encodeURIComponent(resetToken)}`,
    ready: (page) => heading(page, "Set New Password"),
  },
  {
    // Signup is closed on these servers (ALLOW_SIGNUP unset): the signed-out 404 page; its form is setup's.
    name: "signup (closed)",
    who: "nobody",
    path: () => "/signup",
    ready: (page) => page.getByText(/not found/i).first(),
  },
];

let resetToken = "";

// Checked at rest: without reduced motion axe could read a colour halfway through a fade-in.
test.use({ contextOptions: { reducedMotion: "reduce" } });

test.beforeAll(async () => {
  const api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  try {
    store = await createStore(api, {
      name: unique("Accessible Goods"),
      shopifyUrl: "https://a11y.example.com",
    });
    const campaign = await api.post<{ id: string }>(`/api/stores/${store.id}/campaigns`, {
      name: "Accessible news",
      subject: "News for everyone",
      audience: { from: null, to: null, search: "", codeUsed: "any", confirmedOnly: false },
    });
    campaignId = campaign.id;
  } finally {
    await api.dispose();
  }
  await subscribe(MAIN, store.id, `ava@${store.id}.example`);
  await createMember(MAIN, { ...member, permissions: {} });
  resetToken = await issueResetToken(MAIN, member.email);
  cookies.admin = await sessionOf(ADMIN);
  cookies.member = await sessionOf(member);
});

/** A session of its own for each user: signing in from a browser ends the session it had. */
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

for (const screen of SCREENS) {
  test(`${screen.name}: no critical or serious axe violations at 1440 and 390 px`, async ({
    page,
    context,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 40[34]/);
    await signInAs(context, screen.who);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(screen.path());
      await expect(screen.ready(page)).toBeVisible();
      await expectNoSeriousAxeViolations(page, `${screen.name} at ${size.width} px`);
    }
  });
}

test("a toast: no critical or serious axe violations at 1440 and 390 px", async ({ page }) => {
  // An invalid reset link leads to the login page with an error toast.
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto("/reset-password");
    await expect(toast(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `the login page with a toast at ${size.width} px`);
  }
});

test("the header's user menu, open: no critical or serious axe violations", async ({ page, context }) => {
  await signInAs(context, "admin");
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(`/store/${store.id}/dashboard`);
    await page.locator(".Polaris-TopBar").getByRole("button", { name: ADMIN.email }).click();
    await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `the open user menu at ${size.width} px`);
  }
});

test("the storefront popup opens with focus on its first field, with no critical or serious axe violations", async ({
  page,
}) => {
  for (const size of WIDTHS) {
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
