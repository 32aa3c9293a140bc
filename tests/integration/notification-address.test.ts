import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userPreferences } from "~/db/schema";
import { createMember, FIXTURE_PASSWORD, uniqueEmail } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";
import { readOutbox, recipients, waitForOutboxMessage } from "../support/infra/outbox";
import { findLink } from "../support/infra/smtp-sink";

/** A new notification address is used only once its reader has confirmed it through the mailed link. */
const signedIn = useSignedInApp();

const addressesOf = async (userId: string) => {
  const [row] = await testDb().select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return { confirmed: row?.adminNotificationEmail, pending: row?.pendingNotificationEmail };
};

/** The link page as a mail reader opens it, with no session cookie (this server's APP_URL is not its port). */
const openLink = (link: string, method: "GET" | "POST") =>
  fetch(new URL(new URL(link).pathname, signedIn.app.url), { method, redirect: "manual" });

async function signedInMember() {
  const { member, email } = await createMember(signedIn.owner.organization.id, {
    manage_email_settings: true,
  });
  const client = new HttpClient(signedIn.app.url);
  await client.login(email, FIXTURE_PASSWORD);
  return { member, email, client };
}

describe("a new notification address", () => {
  it("stays pending until the link mailed to it is used, once; tampered or reused links do nothing", async () => {
    const { member, email, client } = await signedInMember();
    const wanted = uniqueEmail("alerts");
    const saved = await client.put("/api/user-preferences", { adminNotificationEmail: wanted });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ adminNotificationEmail: email, pendingNotificationEmail: wanted });
    expect(saved.body).not.toHaveProperty("notificationEmailToken");
    expect(await addressesOf(member.id)).toEqual({ confirmed: email, pending: wanted });

    const mail = await waitForOutboxMessage((message) => recipients(message).includes(wanted));
    expect(mail.subject).toBe("Confirm your Newsletter Popup notification address");
    const link = findLink(mail, "/notification-email/") ?? "";
    // Settings sends the pending address back with every save: still pending, no second link.
    const again = await client.put("/api/user-preferences", {
      adminNotificationEmail: wanted,
      dailySubscriberSummary: true,
    });
    expect(again.body).toMatchObject({ adminNotificationEmail: email, pendingNotificationEmail: wanted });
    expect(new URL(link).pathname).toMatch(/^\/notification-email\/[\w-]{43}$/);

    // Opening the link (a scanner, a preview) asks; only the button's POST confirms.
    const page = await openLink(link, "GET");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Send Newsletter Popup store notifications to ${wanted}?`);
    expect((await addressesOf(member.id)).confirmed).toBe(email);

    const token = link.split("/").pop() ?? "";
    const tampered = `${link.slice(0, -token.length)}${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await openLink(tampered, "POST")).status).toBe(404);
    expect((await addressesOf(member.id)).confirmed).toBe(email);

    const confirmed = await openLink(link, "POST");
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`Store notifications now go to ${wanted}.`);
    expect(await addressesOf(member.id)).toEqual({ confirmed: wanted, pending: null });

    expect((await openLink(link, "POST")).status).toBe(404);
    expect((await openLink(link, "GET")).status).toBe(404);
    expect((await readOutbox()).filter((message) => recipients(message).includes(wanted))).toHaveLength(1);
  });

  it("is not needed for the account's own address, which applies at once and drops a pending one", async () => {
    const { member, email, client } = await signedInMember();
    const wanted = uniqueEmail("elsewhere");
    await client.put("/api/user-preferences", { adminNotificationEmail: wanted });
    const link = findLink(
      await waitForOutboxMessage((message) => recipients(message).includes(wanted)),
      "/notification-email/",
    );
    const own = await client.put("/api/user-preferences", { adminNotificationEmail: email.toUpperCase() });
    expect(own.body).toMatchObject({ adminNotificationEmail: email, pendingNotificationEmail: null });
    expect((await openLink(link ?? "", "POST")).status).toBe(404);
    expect(await addressesOf(member.id)).toEqual({ confirmed: email, pending: null });
    expect((await readOutbox()).filter((message) => recipients(message).includes(wanted))).toHaveLength(1);
  });

  it("mails at most 5 confirmation links a day per person", async () => {
    const { client } = await signedInMember();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await client.put("/api/user-preferences", {
        adminNotificationEmail: uniqueEmail("try"),
      });
      expect(response.status).toBe(200);
    }
    const refused = await client.put("/api/user-preferences", { adminNotificationEmail: uniqueEmail("try") });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      message: "Too many confirmation emails today. Please try again tomorrow.",
    });
  });
});
