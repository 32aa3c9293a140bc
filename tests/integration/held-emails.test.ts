import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSends, subscribers } from "~/db/schema";
import type { HeldEmails } from "~/lib/schemas/held-emails";
import type { SubscriberDetail, SubscriberPage } from "~/lib/schemas/subscribers";
import { sendSubscriberDigest } from "~/services/notifications/digests.server";
import { createStoreFor } from "../support/builders/actors";
import { createMember, createOrganizationWithAdmin } from "../support/builders/fixtures";
import { givePostalAddress, STORE_POSTAL_ADDRESS } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { waitForOutboxMessage } from "../support/infra/outbox";
import { type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";

/**
 * A store without SMTP settings never drops a subscriber's email: the welcome email (and the double opt-in
 * request) is held and said so on the subscriber, the dashboard and Settings; once email is set up the
 * merchant sends the held ones, each exactly once and only to who still wants it, or discards them.
 */

let app: AppServer;
let sink: SmtpSink;
let counter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true", SUBSCRIBE_LIMIT_PER_IP: "1000" } });
});

afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

/** A new organization's admin, signed in, with one store that has no SMTP settings (a postal address unless told not). */
async function storeWithoutEmail({ postalAddress = true } = {}) {
  const owner = await createOrganizationWithAdmin();
  const storeId = (await createStoreFor(owner.admin.id, { name: "Held Goods" })).id;
  if (postalAddress) await givePostalAddress(storeId);
  const admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
  return { admin, storeId, organizationId: owner.organization.id };
}

async function subscribe(storeId: string, label: string): Promise<string> {
  const email = `${label}-${++counter}-${Date.now()}@held.example`;
  const response = await fetch(`${app.url}/api/public/stores/${storeId}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
  return email;
}

/** The subscribers' sends of `kind`, once every one of them is in `status`. */
async function sendsOnceAll(emails: string[], status: string, kind: "welcome" | "confirmation" = "welcome") {
  return eventually(
    async () => {
      const rows = await testDb()
        .select({ email: subscribers.email, status: emailSends.status, error: emailSends.error })
        .from(emailSends)
        .innerJoin(subscribers, eq(subscribers.id, emailSends.subscriberId))
        .where(and(inArray(subscribers.email, emails), eq(emailSends.kind, kind)));
      return rows.length === emails.length && rows.every((row) => row.status === status) ? rows : undefined;
    },
    { what: `${emails.length} ${kind} sends ${status}` },
  );
}

async function configureEmail(admin: HttpClient, storeId: string) {
  const saved = await admin.put(`/api/stores/${storeId}/email-settings`, {
    smtpHost: "127.0.0.1",
    smtpPort: Number(new URL(sink.url).port),
    fromEmail: "hello@held.example",
    fromName: "Held Goods",
  });
  expect(saved.body).toMatchObject({ isConfigured: true });
}

const to = (email: string) => (message: { envelopeTo: string[] }) => message.envelopeTo.includes(email);

describe("welcome emails of a store without SMTP settings", () => {
  it("are said only to who manages email settings: the API refuses anyone else, the dashboard leaves them out", async () => {
    const { storeId, organizationId } = await storeWithoutEmail();
    await sendsOnceAll([await subscribe(storeId, "unseen")], "held");
    const granted = await createMember(organizationId, {
      manage_stores: true,
      manage_popups: true,
      view_subscribers: true,
      manage_subscribers: true,
      manage_integrations: true,
      manage_campaigns: true,
    });
    const member = new HttpClient(app.url);
    await member.login(granted.email, granted.password);

    const summary = await member.get<{ message: string }>(`/api/stores/${storeId}/held-emails`);
    expect(summary.status).toBe(403);
    const dashboard = await member.get(`/store/${storeId}/dashboard`, { headers: { Accept: "text/html" } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("Dashboard");
    expect(dashboard.text).not.toContain("email is not set up");
    expect(dashboard.text).not.toContain("welcome email");
  });

  it("are held, said on the subscriber, the dashboard and Settings, and sent once email is set up — not to who unsubscribed", async () => {
    const { admin, storeId } = await storeWithoutEmail();
    const [first, second, leaving] = [
      await subscribe(storeId, "first"),
      await subscribe(storeId, "second"),
      await subscribe(storeId, "leaving"),
    ] as [string, string, string];

    const held = await sendsOnceAll([first, second, leaving], "held");
    expect(held.map((row) => row.error)).toEqual([
      "email not set up",
      "email not set up",
      "email not set up",
    ]);
    const summary = await admin.get<HeldEmails>(`/api/stores/${storeId}/held-emails`);
    expect(summary.body).toMatchObject({ welcome: 3, confirmation: 0, emailConfigured: false });
    // The owner's new-subscribers email (due at the end of its window; sent now) says it too.
    await sendSubscriberDigest(storeId);
    await waitForOutboxMessage(
      (message) =>
        (message.subject ?? "").includes("new subscriber") &&
        (message.text ?? "").includes(
          "Their welcome emails were not sent: Held Goods has no email (SMTP) settings",
        ),
    );
    expect(summary.body.oldestAt).not.toBeNull();

    const list = await admin.get<SubscriberPage>(`/api/stores/${storeId}/subscribers`);
    expect(list.body.subscribers.map((row) => row.welcomeHeld)).toEqual([true, true, true]);
    const firstId = list.body.subscribers.find((row) => row.email === first)?.id;
    const detail = await admin.get<SubscriberDetail>(`/api/stores/${storeId}/subscribers/${firstId}`);
    expect(detail.body.emails).toMatchObject([
      { kind: "welcome", status: "held", error: "email not set up" },
    ]);

    const dashboard = await admin.get(`/store/${storeId}/dashboard`, { headers: { Accept: "text/html" } });
    expect(dashboard.text).toContain("3 welcome emails not sent: email is not set up");
    expect(dashboard.text).toContain("Set up email");
    const settings = await admin.get(`/store/${storeId}/settings`, { headers: { Accept: "text/html" } });
    expect(settings.text).toContain("3 welcome emails not sent: email is not set up");

    // Nothing can be sent before email is set up: the refusal says what to do.
    const early = await admin.post(`/api/stores/${storeId}/held-emails`, {});
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ message: expect.stringContaining("Set up email first") });

    // One of them leaves the list meanwhile: consent withdrawn is never overridden.
    await testDb()
      .update(subscribers)
      .set({ isActive: false, unsubscribedAt: new Date() })
      .where(eq(subscribers.email, leaving));
    await configureEmail(admin, storeId);
    const ready = await admin.get<HeldEmails>(`/api/stores/${storeId}/held-emails`);
    expect(ready.body).toMatchObject({ welcome: 2, emailConfigured: true });
    const settingsNow = await admin.get(`/store/${storeId}/settings`, { headers: { Accept: "text/html" } });
    expect(settingsNow.text).toContain("Send 2 pending welcome emails");

    const attemptsBefore = sink.attempts();
    const sent = await admin.post<{ queued: number; held: HeldEmails }>(
      `/api/stores/${storeId}/held-emails`,
      {},
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ queued: 2, held: { welcome: 0, confirmation: 0 } });
    await sink.waitForMessage(to(first));
    await sink.waitForMessage(to(second));
    await sendsOnceAll([first, second], "sent");

    // Asked again, nothing is left to send: each went exactly once, and the one who left got nothing.
    const again = await admin.post<{ queued: number }>(`/api/stores/${storeId}/held-emails`, {});
    expect(again.body).toMatchObject({ queued: 0 });
    expect(sink.attempts() - attemptsBefore).toBe(2);
    expect(sink.messages.some(to(leaving))).toBe(false);
    const leftRows = await testDb()
      .select()
      .from(emailSends)
      .innerJoin(subscribers, eq(subscribers.id, emailSends.subscriberId))
      .where(eq(subscribers.email, leaving));
    expect(leftRows).toEqual([]);
  });

  it("can be discarded instead, and the subscriber says so", async () => {
    const { admin, storeId } = await storeWithoutEmail();
    const email = await subscribe(storeId, "discarded");
    await sendsOnceAll([email], "held");
    const discarded = await admin.delete<{ discarded: number; held: HeldEmails }>(
      `/api/stores/${storeId}/held-emails`,
    );
    expect(discarded.body).toMatchObject({ discarded: 1, held: { welcome: 0 } });
    await configureEmail(admin, storeId);
    const sent = await admin.post<{ queued: number }>(`/api/stores/${storeId}/held-emails`, {});
    expect(sent.body).toMatchObject({ queued: 0 });
    const [row] = await sendsOnceAll([email], "discarded");
    expect(row?.status).toBe("discarded");
  });
});

describe("double opt-in requests of a store without SMTP settings", () => {
  it("are held too, and the subscriber can confirm once they are sent", async () => {
    const { admin, storeId } = await storeWithoutEmail();
    expect((await admin.put("/api/user-preferences", { enableDoubleOptIn: true })).status).toBe(200);
    const email = await subscribe(storeId, "optin");
    await sendsOnceAll([email], "held", "confirmation");
    const summary = await admin.get<HeldEmails>(`/api/stores/${storeId}/held-emails`);
    expect(summary.body).toMatchObject({ welcome: 0, confirmation: 1 });
    await configureEmail(admin, storeId);
    const sent = await admin.post<{ queued: number }>(`/api/stores/${storeId}/held-emails`, {});
    expect(sent.body).toMatchObject({ queued: 1 });
    const request = await sink.waitForMessage(to(email));
    expect(request.html ?? request.text).toMatch(/confirm/i);
    await sendsOnceAll([email], "sent", "confirmation");
  });
});

describe("welcome emails of a store without a postal address", () => {
  it("are held like those without SMTP, said on the dashboard with where to add it, and sent once it is set", async () => {
    const { admin, storeId } = await storeWithoutEmail({ postalAddress: false });
    await configureEmail(admin, storeId);
    const emails = [await subscribe(storeId, "no-address"), await subscribe(storeId, "no-address")];

    const held = await sendsOnceAll(emails, "held");
    expect(held.map((row) => row.error)).toEqual(["no postal address", "no postal address"]);
    const summary = await admin.get<HeldEmails>(`/api/stores/${storeId}/held-emails`);
    expect(summary.body).toMatchObject({
      welcome: 2,
      confirmation: 0,
      emailConfigured: true,
      postalAddressSet: false,
    });
    const dashboard = await admin.get(`/store/${storeId}/dashboard`, { headers: { Accept: "text/html" } });
    expect(dashboard.text).toContain("2 welcome emails not sent: no postal address");
    expect(dashboard.text).toContain(`href="/store/${storeId}/email-templates"`);

    // Asked to send them before the address is set, they stay held: nothing goes without it.
    const early = await admin.post<{ queued: number }>(`/api/stores/${storeId}/held-emails`, {});
    expect(early.body).toMatchObject({ queued: 0 });
    await sendsOnceAll(emails, "held");

    const saved = await admin.put(`/api/stores/${storeId}/email-template`, {
      companyAddress: STORE_POSTAL_ADDRESS,
    });
    expect(saved.status).toBe(200);
    const ready = await admin.get<HeldEmails>(`/api/stores/${storeId}/held-emails`);
    expect(ready.body).toMatchObject({ welcome: 2, postalAddressSet: true });
    const sent = await admin.post<{ queued: number }>(`/api/stores/${storeId}/held-emails`, {});
    expect(sent.body).toMatchObject({ queued: 2 });
    for (const email of emails) {
      const message = await sink.waitForMessage(to(email));
      expect(message.html).toContain(STORE_POSTAL_ADDRESS);
    }
    await sendsOnceAll(emails, "sent");
  });

  it("hold no double opt-in request: it carries no offer", async () => {
    const { admin, storeId } = await storeWithoutEmail({ postalAddress: false });
    await configureEmail(admin, storeId);
    expect((await admin.put("/api/user-preferences", { enableDoubleOptIn: true })).status).toBe(200);
    const email = await subscribe(storeId, "optin-no-address");
    const request = await sink.waitForMessage(to(email));
    expect(request.html ?? request.text).toMatch(/confirm/i);
    await sendsOnceAll([email], "sent", "confirmation");
  });
});
