import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

export type SessionCookie = { name: string; value: string; url: string; secure: true; sameSite: "Lax" };

/** Signs in through POST /api/auth/login and returns the cookies the answer set, ready for a browser context. */
export async function signInCookies(
  request: APIRequestContext,
  origin: string,
  email: string,
  password: string,
): Promise<SessionCookie[]> {
  const response = await request.post(`${origin}/api/auth/login`, {
    data: { email, password },
    headers: { Origin: origin },
  });
  expect(response.status(), `signing in as ${email}: ${await response.text()}`).toBe(200);
  // The session cookie is Secure: given for the origin, which the browser treats as secure (localhost).
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => {
      const [pair = ""] = header.value.split(";");
      const split = pair.indexOf("=");
      return {
        name: pair.slice(0, split).trim(),
        value: pair.slice(split + 1).trim(),
        url: origin,
        secure: true,
        sameSite: "Lax",
      };
    });
}

/**
 * Signs in through POST /api/auth/login (the form itself is auth.spec.ts's subject), gives the browser the
 * cookies the answer set, and opens `path` (the dashboard unless told), which a signed-out browser could not.
 */
export async function login(page: Page, email: string, password: string, path = "/"): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("login() needs the project's baseURL");
  const origin = new URL(baseURL).origin;
  await page.context().addCookies(await signInCookies(page.request, origin, email, password));
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Opens the header's user menu (the activator shows the signed-in email). */
export async function openUserMenu(page: Page, email: string): Promise<void> {
  await page.locator(".Polaris-TopBar").getByRole("button").filter({ hasText: email }).click();
}
