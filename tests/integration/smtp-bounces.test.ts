import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { campaignSends, emailSends, subscribers } from "~/db/schema";
import { countAudience } from "~/services/campaigns/audience.server";
import { claimBatch, sendBatch } from "~/services/email/outbox.server";
import { sendPendingWelcomeEmails, sendWelcomeEmail } from "~/services/subscribers/after-subscribe.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { confirmationRowsKind } from "../support/builders/outbox-kind";
import { sendStoreMailTo, storeMailingTo } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";

/**
 * Bounces the store's own SMTP server reports (docs/decisions/173), against the in-process SMTP server: a
 * 550 to RCPT TO marks the address bounced at once; a 452 is retried, and the third send that runs out of
 * retries on it marks it bounced; a bounced address gets nothing more, of any kind, each send recorded as
 * suppressed with why; the Subscribers list, the export and a campaign's results say so.
 */

let sink: SmtpSink;
let storeId: string;
let counter = 0;
/** What the test kind recorded as not sent, and why. */
let notSent: { sendId: string; reason: string }[] = [];

/** The outbox's test kind: what it does not send is recorded here with why, and its row deleted. */
const testKind = confirmationRowsKind({
  skip: () => null,
  recordSkip: async (claim, reason) => {
    notSent.push({ sendId: claim.sendId, reason });
    await testDb().delete(emailSends).where(eq(emailSends.id, claim.sendId));
  },
});

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK_TARGETS = "true";
  sink = await startSmtpSink();
  storeId = await storeMailingTo(sink);
});

afterAll(async () => {
  await sink?.stop();
});

beforeEach(async () => {
  notSent = [];
  await testDb().delete(emailSends).where(eq(emailSends.kind, "confirmation"));
});

async function newSubscriber(store = storeId) {
  const [subscriber] = await testDb()
    .insert(subscribers)
    .values({ storeId: store, email: `bounce-${++counter}@list.example` })
    .returning();
  if (!subscriber) throw new Error("no subscriber");
  return subscriber;
}

async function pendingSend(subscriberId: string, kind: "welcome" | "confirmation" = "confirmation") {
  const [send] = await testDb()
    .insert(emailSends)
    .values({ storeId, subscriberId, kind, status: "pending", attempts: 0 })
    .returning();
  if (!send) throw new Error("no send");
  return send;
}

const subscriberRow = async (id: string) =>
  (await testDb().select().from(subscribers).where(eq(subscribers.id, id)))[0];
const sendsOf = (subscriberId: string) =>
  testDb().select().from(emailSends).where(eq(emailSends.subscriberId, subscriberId));
const received = (email: string) => sink.messages.filter((message) => message.envelopeTo.includes(email));

/** Sends everything due of the test kind until nothing is left (a retry is due at once). */
async function drainTestKind() {
  for (let batch = await claimBatch(testKind, 10); batch.length > 0; batch = await claimBatch(testKind, 10))
    await sendBatch(testKind, batch);
}

describe("the store's SMTP server refusing an address", () => {
  it("550 at RCPT TO: bounced at once with the server's answer, and nothing more goes to it, recorded as suppressed", async () => {
    const subscriber = await newSubscriber();
    sink.failRecipient(subscriber.email, 550);
    try {
      const send = await pendingSend(subscriber.id);
      await drainTestKind();
      expect(sink.recipientAttempts(subscriber.email)).toBe(1);
      expect((await sendsOf(subscriber.id))[0]).toMatchObject({ id: send.id, status: "failed" });
      const bounced = await subscriberRow(subscriber.id);
      expect(bounced).toMatchObject({ suppression: "bounced", isActive: true });
      expect(bounced?.suppressionReason).toMatch(/^SMTP 550 .*Recipient refused \(test sink, 550\)/);
      expect(bounced?.suppressedAt).toBeInstanceOf(Date);
    } finally {
      sink.failRecipient(subscriber.email, null);
    }

    // The server would take it now: still nothing goes, and the welcome email says why.
    await testDb().delete(emailSends).where(eq(emailSends.subscriberId, subscriber.id));
    await pendingSend(subscriber.id, "welcome");
    await sendPendingWelcomeEmails();
    const [welcome] = await sendsOf(subscriber.id);
    expect(welcome).toMatchObject({ kind: "welcome", status: "suppressed" });
    expect(welcome?.error).toMatch(/^the address bounced: SMTP 550 /);

    // A job's send (a Shopify store's welcome email) is suppressed and recorded the same way.
    await testDb().delete(emailSends).where(eq(emailSends.subscriberId, subscriber.id));
    await sendWelcomeEmail(subscriber.id);
    expect(await sendsOf(subscriber.id)).toMatchObject([
      {
        kind: "welcome",
        status: "suppressed",
        error: expect.stringMatching(/^the address bounced: SMTP 550 /),
      },
    ]);
    expect(received(subscriber.email)).toEqual([]);
    expect(sink.recipientAttempts(subscriber.email)).toBe(1);
  });

  it("554 at DATA for the one recipient: bounced too", async () => {
    const subscriber = await newSubscriber();
    sink.failData(subscriber.email, 554);
    try {
      await pendingSend(subscriber.id);
      await drainTestKind();
    } finally {
      sink.failData(subscriber.email, null);
    }
    expect((await sendsOf(subscriber.id))[0]).toMatchObject({ status: "failed" });
    const bounced = await subscriberRow(subscriber.id);
    expect(bounced).toMatchObject({ suppression: "bounced" });
    expect(bounced?.suppressionReason).toMatch(/^SMTP 554 .*Message refused \(test sink, 554\)/);
  });

  it("452: retried until the send's tries run out; the third such send marks the address bounced", async () => {
    const subscriber = await newSubscriber();
    sink.failRecipient(subscriber.email, 452);
    try {
      for (const sendNumber of [1, 2]) {
        await pendingSend(subscriber.id);
        await drainTestKind();
        expect(sink.recipientAttempts(subscriber.email)).toBe(sendNumber * 2);
        expect(await subscriberRow(subscriber.id)).toMatchObject({
          softBounces: sendNumber,
          suppression: null,
        });
        await testDb().delete(emailSends).where(eq(emailSends.subscriberId, subscriber.id));
      }
      await pendingSend(subscriber.id);
      await drainTestKind();
      const bounced = await subscriberRow(subscriber.id);
      expect(bounced).toMatchObject({ softBounces: 3, suppression: "bounced" });
      expect(bounced?.suppressionReason).toMatch(/^3 sends refused for now, the last with SMTP 452 /);
    } finally {
      sink.failRecipient(subscriber.email, null);
    }
    await testDb().delete(emailSends).where(eq(emailSends.subscriberId, subscriber.id));
    const next = await pendingSend(subscriber.id);
    await drainTestKind();
    expect(notSent).toEqual([
      { sendId: next.id, reason: expect.stringMatching(/^the address bounced: 3 sends/) },
    ]);
    expect(sink.recipientAttempts(subscriber.email)).toBe(6);
  });

  it("a refusal of the sender (MAIL FROM) is the store's problem, not the address's: nothing is suppressed", async () => {
    const subscriber = await newSubscriber();
    await sink.setMode("reject");
    try {
      await pendingSend(subscriber.id);
      await drainTestKind();
    } finally {
      await sink.setMode("accept");
    }
    expect((await sendsOf(subscriber.id))[0]).toMatchObject({ status: "failed" });
    expect(await subscriberRow(subscriber.id)).toMatchObject({ suppression: null, softBounces: 0 });
  });

  it("leaves bounced and complained addresses out of a campaign's audience", async () => {
    const owner = await createOrganizationWithAdmin();
    const store = (await createStoreFor(owner.admin.id)).id;
    const audience = { search: "", from: null, to: null, codeUsed: "any", confirmedOnly: false } as const;
    const [kept, bounced] = [await newSubscriber(store), await newSubscriber(store)];
    await testDb()
      .update(subscribers)
      .set({ suppression: "bounced", suppressionReason: "SMTP 550", suppressedAt: new Date() })
      .where(eq(subscribers.id, bounced.id));
    expect(kept.id).not.toBe(bounced.id);
    expect(await countAudience(store, audience)).toBe(1);
  });
});

describe("what the merchant sees", () => {
  let app: AppServer;
  let admin: HttpClient;

  beforeAll(async () => {
    const owner = await createOrganizationWithAdmin();
    storeId = (await createStoreFor(owner.admin.id)).id;
    await sendStoreMailTo(sink, storeId);
    app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true" } });
    admin = new HttpClient(app.url);
    await admin.login(owner.email, owner.password);
    await admin.put(`/api/stores/${storeId}/campaign-settings`, { sendRate: 200 });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("a campaign's 550 is a bounce in its results, in the Subscribers list and in the export", async () => {
    const [gone, fine] = [await newSubscriber(), await newSubscriber()];
    sink.failRecipient(gone.email, 550);
    const base = `/api/stores/${storeId}/campaigns`;
    try {
      const created = await admin.post<{ id: string }>(base, { name: "Bounces", subject: "News" });
      expect(created.status).toBe(201);
      expect((await admin.post(`${base}/${created.body.id}/send`, {})).status).toBe(200);
      await eventually(
        async () =>
          (await admin.get<{ status: string }>(`${base}/${created.body.id}`)).body.status === "sent",
        { timeoutMs: 30_000, what: "the campaign sent" },
      );
      const stats = await admin.get<{
        delivered: number;
        failed: number;
        bounces: number;
        complaints: number;
      }>(`${base}/${created.body.id}/stats`);
      expect(stats.body).toMatchObject({ delivered: 1, failed: 1, bounces: 1, complaints: 0 });
      const [message] = await testDb()
        .select()
        .from(campaignSends)
        .where(and(eq(campaignSends.campaignId, created.body.id), eq(campaignSends.subscriberId, gone.id)));
      expect(message).toMatchObject({ status: "failed" });
      expect(message?.bouncedAt).toBeInstanceOf(Date);
      expect(received(fine.email)).toHaveLength(1);
    } finally {
      sink.failRecipient(gone.email, null);
    }

    const list = await admin.get<{ subscribers: Record<string, unknown>[] }>(
      `/api/stores/${storeId}/subscribers`,
    );
    expect(list.body.subscribers.find((row) => row.email === gone.email)).toMatchObject({
      suppression: "bounced",
      suppressionReason: expect.stringMatching(/^SMTP 550 /),
      suppressedAt: expect.any(String),
    });
    expect(list.body.subscribers.find((row) => row.email === fine.email)).toMatchObject({
      suppression: null,
    });

    const exported = await admin.get(`/api/stores/${storeId}/subscribers/export.csv`);
    const line = exported.text.split("\r\n").find((row) => row.includes(gone.email)) ?? "";
    expect(line).toMatch(/,Active,Bounced,"?SMTP 550 [^,]*/);
    expect(exported.text.split("\r\n").find((row) => row.includes(fine.email))).toContain(
      ",Active,Deliverable,,,",
    );
  }, 60_000);
});
