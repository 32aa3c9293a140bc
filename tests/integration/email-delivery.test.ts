import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailClickTracking, emailSends, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { editAndPublish } from "../support/builders/published-popup";
import { givePostalAddress } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { type SinkMessage, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";

let app: AppServer;
let sink: SmtpSink;
let admin: HttpClient;
let storeId: string;
let counter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  const owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id, { name: "Acme Outdoors" })).id;
  app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true", SUBSCRIBE_LIMIT_PER_IP: "1000" } });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
  await givePostalAddress(storeId);
  const saved = await admin.put(`/api/stores/${storeId}/email-settings`, {
    smtpHost: "127.0.0.1",
    smtpPort: Number(new URL(sink.url).port),
    fromEmail: "hello@acme.example",
    fromName: "Acme Outdoors",
    smtpPassword: "s3cret-smtp-password",
  });
  // Nothing of the password comes back, not even its length.
  expect(saved.body).toMatchObject({ isConfigured: true, smtpPassword: "••••••••" });
  const read = (await admin.get<{ smtpPassword: string }>(`/api/stores/${storeId}/email-settings`)).body;
  expect(read.smtpPassword).toBe("••••••••");
  for (const part of ["s3cr", "word", "smtp"]) expect(read.smtpPassword).not.toContain(part);
});

afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

beforeEach(async () => {
  await sink.setMode("accept");
});

const nextEmail = (label: string) => `${label}-${++counter}-${Date.now()}@acme.example`;

async function subscribe(email: string, name = "Jane Doe") {
  const response = await fetch(`${app.url}/api/public/stores/${storeId}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, name }),
  });
  expect(response.status).toBe(200);
}

/** A header exactly as sent (mailparser folds List-* headers into objects). */
const rawHeader = (message: SinkMessage, name: string) =>
  message.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, "");

const to = (email: string) => (message: SinkMessage) => message.envelopeTo.includes(email);
const trackedLinks = (html: string) =>
  [...html.matchAll(/href="([^"]*\/t\/[\w-]+)"/g)].map((match) => match[1] ?? "");

describe("the welcome email", () => {
  it("arrives through the store's SMTP with the code, the name, tracked links and one-click unsubscribe", async () => {
    await editAndPublish(admin, storeId, { fields: { name: true } });
    const email = nextEmail("jane");
    await subscribe(email);
    const message = await sink.waitForMessage(to(email));
    expect(message.from?.value[0]).toMatchObject({ address: "hello@acme.example", name: "Acme Outdoors" });
    expect(message.html).toContain("WELCOME15");
    expect(message.text).toContain("WELCOME15");
    expect(message.html).toContain("Jane");
    expect(rawHeader(message, "list-unsubscribe")).toMatch(/^<https?:\/\/.+\/u\/[\w-]+\.[\w-]+>$/);
    expect(rawHeader(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // Marketing mail flagged urgent is a spam signal.
    expect(rawHeader(message, "x-priority")).toBeUndefined();
    expect(rawHeader(message, "importance")).toBeUndefined();
    expect(trackedLinks(message.html || "").length).toBeGreaterThan(0);
  });

  it("cannot be made to carry an extra header through a name with line breaks", async () => {
    const email = nextEmail("crlf");
    await subscribe(email, "Eve\r\nBcc: victim@evil.example");
    const message = await sink.waitForMessage(to(email));
    expect(message.envelopeTo).toEqual([email]);
    expect(message.headers.has("bcc")).toBe(false);
  });

  it("records a 550 as failed and does not retry it", async () => {
    await sink.setMode("reject");
    const email = nextEmail("refused");
    const attemptsBefore = sink.attempts();
    await subscribe(email);
    const [subscriber] = await eventually(async () => {
      const rows = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
      return rows.length ? rows : undefined;
    });
    const send = await eventually(async () => {
      const [row] = await testDb()
        .select()
        .from(emailSends)
        .where(eq(emailSends.subscriberId, subscriber?.id ?? ""));
      return row?.status === "failed" ? row : undefined;
    });
    expect(send.error).toContain("550");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(sink.attempts() - attemptsBefore).toBe(1);
  });

  it("is retried while SMTP is down and delivered when it returns", async () => {
    await sink.setMode("refuse");
    const email = nextEmail("outage");
    await subscribe(email);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await sink.setMode("accept");
    const message = await sink.waitForMessage(to(email), 30_000);
    expect(message.html).toContain("WELCOME15");
  });
});

describe("click tracking", () => {
  it("counts a click and redirects to the recorded URL with UTM parameters, never elsewhere", async () => {
    const email = nextEmail("clicker");
    await subscribe(email);
    const message = await sink.waitForMessage(to(email));
    const link = trackedLinks(message.html || "")[0] ?? "";
    const trackingPath = new URL(link).pathname;
    const response = await fetch(`${app.url}${trackingPath}?url=https://evil.example`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("location") ?? "");
    expect(target.hostname).not.toBe("evil.example");
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "welcome-discount",
    });
    const [row] = await testDb()
      .select()
      .from(emailClickTracking)
      .where(eq(emailClickTracking.trackingId, trackingPath.split("/").pop() ?? ""));
    expect(row).toMatchObject({
      isClicked: true,
      clickCount: 1,
      ipAddress: expect.stringContaining("127.0.0.1"),
    });
    // The owner sees where each link goes: its host is recorded with it.
    expect(row?.linkHost).toBe(target.hostname);
    const analytics = await admin.get<{ stats: { totalClicks: number; totalEmails: number } }>(
      `/api/stores/${storeId}/email-analytics`,
    );
    expect(analytics.body.stats.totalClicks).toBeGreaterThanOrEqual(1);
  });

  it("answers 404 for an unknown tracking id", async () => {
    const response = await fetch(`${app.url}/t/unknown-tracking-id-123`, { redirect: "manual" });
    expect(response.status).toBe(404);
  });
});

describe("unsubscribing", () => {
  it("shows a confirmation page on GET without unsubscribing, and one-click POST unsubscribes with no cookies", async () => {
    const email = nextEmail("leaver");
    await subscribe(email);
    const message = await sink.waitForMessage(to(email));
    const url = (rawHeader(message, "list-unsubscribe") ?? "").slice(1, -1);
    const path = new URL(url).pathname;

    const page = await fetch(`${app.url}${path}`);
    expect(page.status).toBe(200);
    // The page names the store whose list it is (the store is "Acme Outdoors").
    const asked = await page.text();
    expect(asked).toContain("<title>Unsubscribe from Acme Outdoors</title>");
    expect(asked).toContain(`Stop emails from Acme Outdoors to ${email}?`);
    const [stillActive] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
    expect(stillActive?.isActive).toBe(true);

    const oneClick = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain(`${email} will not receive further emails from Acme Outdoors.`);
    expect(oneClick.headers.get("set-cookie")).toBeNull();
    const [gone] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
    expect(gone).toMatchObject({ isActive: false, unsubscribedAt: expect.any(Date) });
  });

  it("refuses a forged token", async () => {
    const [someone] = await testDb().select().from(subscribers).limit(1);
    const response = await fetch(`${app.url}/u/${someone?.id}.forgedsignature0000000000000000`, {
      method: "POST",
    });
    expect(response.status).toBe(404);
  });
});

describe("double opt-in", () => {
  it("sends the code only after the subscriber confirms", async () => {
    await admin.put("/api/user-preferences", { enableDoubleOptIn: true });
    // A new store: the subscribe path caches the owner's preferences per store for a few seconds.
    const created = await admin.post<{ id: string }>("/api/stores", {
      name: "Opt-in Shop",
      shopifyUrl: "https://optin.example.com",
    });
    await admin.put(`/api/stores/${created.body.id}/email-settings`, {
      smtpHost: "127.0.0.1",
      smtpPort: Number(new URL(sink.url).port),
      fromEmail: "hello@optin.example",
    });
    await givePostalAddress(created.body.id);
    const email = nextEmail("optin");
    const response = await fetch(`${app.url}/api/public/stores/${created.body.id}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);

    const confirmation = await sink.waitForMessage(to(email));
    expect(confirmation.subject).toBe("Please confirm your subscription to Opt-in Shop");
    expect(confirmation.html).not.toContain("WELCOME15");
    const link = /https?:\/\/\S+\/confirm\/[\w.-]+/.exec(confirmation.text ?? "")?.[0] ?? "";
    const path = new URL(link).pathname;
    expect(await (await fetch(`${app.url}${path}`)).text()).toContain("Confirm subscription");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter(to(email))).toHaveLength(1);

    expect((await fetch(`${app.url}${path}`, { method: "POST", headers: { Origin: app.url } })).status).toBe(
      200,
    );
    const welcome = await sink.waitForMessage((message) => to(email)(message) && message !== confirmation);
    expect(welcome.html).toContain("WELCOME15");
    await admin.put("/api/user-preferences", { enableDoubleOptIn: false });
  });
});

describe("with click tracking turned off", () => {
  it("sends links as they are, without tracking rows", async () => {
    await admin.put("/api/user-preferences", { enableAnalytics: false });
    try {
      // A new store: the subscribe path caches the owner's preferences per store for a few seconds.
      const created = await admin.post<{ id: string }>("/api/stores", {
        name: "Untracked Shop",
        shopifyUrl: "https://untracked.example.com",
      });
      await admin.put(`/api/stores/${created.body.id}/email-settings`, {
        smtpHost: "127.0.0.1",
        smtpPort: Number(new URL(sink.url).port),
        fromEmail: "hello@untracked.example",
      });
      await givePostalAddress(created.body.id);
      const email = nextEmail("untracked");
      const response = await fetch(`${app.url}/api/public/stores/${created.body.id}/subscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(200);
      const message = await sink.waitForMessage(to(email));
      expect(message.html).toContain("https://untracked.example.com");
      expect(trackedLinks(message.html || "")).toEqual([]);
      expect(
        await testDb()
          .select()
          .from(emailClickTracking)
          .where(eq(emailClickTracking.storeId, created.body.id)),
      ).toHaveLength(0);
    } finally {
      await admin.put("/api/user-preferences", { enableAnalytics: true });
    }
  });
});
