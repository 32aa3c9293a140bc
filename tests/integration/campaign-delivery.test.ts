import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignSends, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { STORE_POSTAL_ADDRESS, sendStoreMailTo } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import {
  deliveriesTo,
  exactlyOnce,
  findLink,
  type SinkMessage,
  type SmtpSink,
  startSmtpSink,
} from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";

/**
 * Campaigns delivered through the store's SMTP server (a real one, in process) by the app's in-process
 * jobs on PostgreSQL: who gets a message, how often, and what a failure or a pause does.
 */
type Progress = { total: number; sent: number; failed: number; skipped: number; pending: number };
type Campaign = {
  id: string;
  slug: string;
  status: string;
  progress: Progress;
  audienceCount: number;
  content: { companyAddress: string };
};
type Stats = {
  recipients: number;
  delivered: number;
  failed: number;
  uniqueClicks: number;
  totalClicks: number;
  clickRate: number;
  unsubscribes: number;
  clicksPerDay: { day: string; clicks: number }[];
};

let app: AppServer;
let admin: HttpClient;
let sink: SmtpSink;
let storeId: string;
let base: string;
let counter = 0;
let ownerId: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  const owner = await createOrganizationWithAdmin();
  ownerId = owner.admin.id;
  storeId = (await createStoreFor(ownerId)).id;
  base = `/api/stores/${storeId}/campaigns`;
  await sendStoreMailTo(sink, storeId);
  app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true", CAMPAIGN_RETRY_SECONDS: "1" } });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
  const rate = await admin.put(`/api/stores/${storeId}/campaign-settings`, { sendRate: 200 });
  expect(rate.body).toMatchObject({ sendRate: 200 });
});

afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

/** `count` subscribers named after `label` (their search term), with what `extra` sets. */
async function subscribersFor(
  label: string,
  count: number,
  extra: Partial<typeof subscribers.$inferInsert> = {},
) {
  const rows = await testDb()
    .insert(subscribers)
    .values(
      Array.from({ length: count }, () => ({
        storeId,
        email: `${label}-${++counter}@list.example`,
        name: "Ada Lovelace",
        discountCodeSent: `CODE${counter}`,
        ...extra,
      })),
    )
    .returning({ id: subscribers.id, email: subscribers.email });
  return rows;
}

async function draft(search: string, name = `Campaign ${search}`) {
  const response = await admin.post<Campaign>(base, { name, subject: "News from us", audience: { search } });
  expect(response.status).toBe(201);
  return response.body;
}

const campaign = async (id: string) => (await admin.get<Campaign>(`${base}/${id}`)).body;
const untilStatus = (id: string, status: string, timeoutMs = 30_000) =>
  eventually(async () => (await campaign(id)).status === status, { timeoutMs, what: `campaign ${status}` });
const emailsOf = (rows: { email: string }[]) => rows.map((row) => row.email);
const received = (email: string) => sink.messages.filter((message) => message.envelopeTo.includes(email));
/** A header's raw value (mailparser turns List-* headers into objects). */
const headerOf = (message: SinkMessage | undefined, name: string) => {
  const line = message?.headerLines.find((header) => header.key === name)?.line ?? "";
  return line.slice(line.indexOf(":") + 1).trim();
};
const sendRow = async (campaignId: string, subscriberId: string) =>
  (
    await testDb()
      .select()
      .from(campaignSends)
      .where(and(eq(campaignSends.campaignId, campaignId), eq(campaignSends.subscriberId, subscriberId)))
  )[0];

describe("a campaign's own discount code", () => {
  it("fills [DISCOUNT_CODE] when set, each subscriber's welcome code when empty, and is refused when malformed", async () => {
    const [own] = await subscribersFor("codes", 1);
    const created = await draft("codes");
    expect((await admin.get<{ discountCode: string }>(`${base}/${created.id}`)).body.discountCode).toBe("");
    const bad = await admin.put<{ errors: Record<string, string[]> }>(`${base}/${created.id}`, {
      discountCode: "NO SPACES",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.discountCode).toEqual([
      "Discount code may only contain letters, digits, hyphens and underscores",
    ]);
    const saved = await admin.put<{ discountCode: string }>(`${base}/${created.id}`, {
      discountCode: "FLASH30",
      subject: "Your code [DISCOUNT_CODE]",
    });
    expect(saved.body.discountCode).toBe("FLASH30");
    expect((await admin.post(`${base}/${created.id}/send`, {})).status).toBe(200);
    await untilStatus(created.id, "sent");
    await deliveriesTo(sink, [own?.email ?? ""], 30_000);
    expect(received(own?.email ?? "")[0]?.subject).toBe("Your code FLASH30");

    // Empty: the subscriber's own welcome code, as before.
    const [other] = await subscribersFor("fallback", 1);
    const fallback = await draft("fallback");
    await admin.put(`${base}/${fallback.id}`, { subject: "Your code [DISCOUNT_CODE]" });
    await admin.post(`${base}/${fallback.id}/send`, {});
    await untilStatus(fallback.id, "sent");
    await deliveriesTo(sink, [other?.email ?? ""], 30_000);
    expect(received(other?.email ?? "")[0]?.subject).toBe(`Your code CODE${counter}`);
  });
});

describe("sending a campaign", () => {
  it("reaches every matching active subscriber exactly once and no unsubscribed or unconfirmed one", async () => {
    const active = await subscribersFor("spring", 25);
    const [gone] = await subscribersFor("spring", 1, { isActive: false, unsubscribedAt: new Date() });
    const [unconfirmed] = await subscribersFor("spring", 1, { confirmationRequired: true });
    await subscribersFor("autumn", 3);
    const created = await draft("spring");
    expect((await campaign(created.id)).audienceCount).toBe(25);

    const sent = await admin.post<Campaign>(`${base}/${created.id}/send`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.status).toMatch(/sending|sent/);
    await untilStatus(created.id, "sent");

    expect(await deliveriesTo(sink, emailsOf(active), 30_000)).toEqual(exactlyOnce(emailsOf(active)));
    // The store's postal address, taken into the new campaign's footer, is in every message.
    const [first] = received(active[0]?.email ?? "");
    expect(first?.text).toContain(STORE_POSTAL_ADDRESS);
    for (const outsider of [gone, unconfirmed]) expect(received(outsider?.email ?? "")).toHaveLength(0);
    expect((await campaign(created.id)).progress).toEqual({
      total: 25,
      sent: 25,
      failed: 0,
      skipped: 0,
      pending: 0,
    });

    const [message] = received(active[0]?.email ?? "");
    expect(message?.subject).toBe("News from us");
    const unsubscribe = headerOf(message, "list-unsubscribe");
    expect(unsubscribe).toMatch(/^<http.*\/u\/[^?]+\?c=[0-9a-f-]{36}>$/);
    expect(headerOf(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(headerOf(message, "x-priority")).toBe("");

    const again = await admin.post<{ message: string }>(`${base}/${created.id}/send`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This campaign is already sent");
  });

  it("counts the clicks and the unsubscribes its messages caused", async () => {
    const readers = await subscribersFor("clicks", 4);
    const created = await draft("clicks");
    await admin.post(`${base}/${created.id}/send`, {});
    await untilStatus(created.id, "sent");
    await deliveriesTo(sink, emailsOf(readers), 30_000);

    const [first, second] = readers.map((reader) => received(reader.email)[0]);
    const tracked = findLink(first ?? ({} as never), "/t/");
    expect(tracked).toBeDefined();
    for (let click = 0; click < 2; click++) {
      const response = await fetch(String(tracked), { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(new URL(String(response.headers.get("location"))).searchParams.get("utm_campaign")).toBe(
        created.slug,
      );
    }
    const unsubscribeUrl = headerOf(second, "list-unsubscribe").slice(1, -1);
    const oneClick = await fetch(unsubscribeUrl, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(oneClick.status).toBe(200);

    const stats = await admin.get<Stats>(`${base}/${created.id}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      recipients: 4,
      delivered: 4,
      failed: 0,
      uniqueClicks: 1,
      totalClicks: 2,
      clickRate: 25,
      unsubscribes: 1,
    });
    expect(stats.body.clicksPerDay).toEqual([{ day: new Date().toISOString().slice(0, 10), clicks: 1 }]);
    const listed = await admin.get<{ campaigns: (Campaign & { delivered: number; clickRate: number })[] }>(
      base,
    );
    expect(listed.body.campaigns.find((item) => item.id === created.id)).toMatchObject({
      delivered: 4,
      clickRate: 25,
    });
  });

  it("records a 550 as failed without trying again, and tries a 450 again until it goes", async () => {
    const [refused, busy, fine] = await subscribersFor("bounces", 3);
    sink.failRecipient(refused?.email ?? "", 550);
    sink.failRecipient(busy?.email ?? "", 450);
    const created = await draft("bounces");
    await admin.post(`${base}/${created.id}/send`, {});
    await eventually(() => sink.recipientAttempts(busy?.email ?? "") >= 1, { what: "the 450" });
    sink.failRecipient(busy?.email ?? "", null);
    await untilStatus(created.id, "sent");

    expect(await sendRow(created.id, refused?.id ?? "")).toMatchObject({ status: "failed", attempts: 1 });
    expect((await sendRow(created.id, refused?.id ?? ""))?.error).toContain("550");
    expect(sink.recipientAttempts(refused?.email ?? "")).toBe(1);
    expect(await sendRow(created.id, busy?.id ?? "")).toMatchObject({ status: "sent", attempts: 2 });
    expect(received(busy?.email ?? "")).toHaveLength(1);
    expect(received(fine?.email ?? "")).toHaveLength(1);
    expect((await campaign(created.id)).progress).toMatchObject({ sent: 2, failed: 1, pending: 0 });
  });

  it("pauses on cancel and, sent again, mails only whom it had not", async () => {
    const audience = await subscribersFor("pause", 12);
    await admin.put(`/api/stores/${storeId}/campaign-settings`, { sendRate: 2 });
    try {
      const created = await draft("pause");
      await admin.post(`${base}/${created.id}/send`, {});
      await eventually(() => audience.some((row) => received(row.email).length > 0), {
        what: "a first message",
      });
      const paused = await admin.post<Campaign>(`${base}/${created.id}/cancel`, {});
      expect(paused.status).toBe(200);
      expect(paused.body.status).toBe("paused");
      // The batch on its way (a second's worth) finishes; then nothing more goes while paused.
      let previous = "";
      const settled = await eventually(
        async () => {
          const now = (await campaign(created.id)).progress;
          const same = JSON.stringify(now) === previous;
          previous = JSON.stringify(now);
          return same && now;
        },
        { timeoutMs: 15_000, intervalMs: 1_500, what: "a settled pause" },
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await campaign(created.id)).progress).toEqual(settled);
      expect(settled.sent).toBeLessThan(12);

      await admin.put(`/api/stores/${storeId}/campaign-settings`, { sendRate: 200 });
      const resumed = await admin.post<Campaign>(`${base}/${created.id}/send`, {});
      expect(resumed.body.status).toMatch(/sending|sent/);
      await untilStatus(created.id, "sent");
      expect(await deliveriesTo(sink, emailsOf(audience), 30_000)).toEqual(exactlyOnce(emailsOf(audience)));
    } finally {
      await admin.put(`/api/stores/${storeId}/campaign-settings`, { sendRate: 200 });
    }
  });

  it("waits for its scheduled time, and a cancelled schedule sends nothing", async () => {
    const audience = await subscribersFor("later", 2);
    const created = await draft("later");
    const scheduledAt = new Date(Date.now() + 3_000).toISOString();
    const scheduled = await admin.post<Campaign & { scheduledAt: string }>(`${base}/${created.id}/send`, {
      scheduledAt,
    });
    expect(scheduled.body).toMatchObject({ status: "scheduled" });
    expect(Date.parse(scheduled.body.scheduledAt)).toBe(Date.parse(scheduledAt));
    expect(received(audience[0]?.email ?? "")).toHaveLength(0);
    await untilStatus(created.id, "sent");
    expect(await deliveriesTo(sink, emailsOf(audience), 30_000)).toEqual(exactlyOnce(emailsOf(audience)));

    const [skipped] = await subscribersFor("never", 1);
    const another = await draft("never");
    await admin.post(`${base}/${another.id}/send`, {
      scheduledAt: new Date(Date.now() + 2_000).toISOString(),
    });
    const back = await admin.post<Campaign>(`${base}/${another.id}/cancel`, {});
    expect(back.body.status).toBe("draft");
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(received(skipped?.email ?? "")).toHaveLength(0);
    expect((await campaign(another.id)).status).toBe("draft");
  });

  it("sends a test to one address, marked [Test], from the campaign's sender, recording no recipient", async () => {
    const created = await draft("test-send");
    await admin.put(`${base}/${created.id}`, { fromName: "Acme News" });
    const sent = await admin.post<{ message: string }>(`${base}/${created.id}/test`, {
      to: "proofreader@acme.example",
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatch(/^Test email sent to proofreader@acme\.example\./);
    const message = await sink.waitForMessage((mail) => mail.envelopeTo.includes("proofreader@acme.example"));
    expect(message.subject).toBe("[Test] News from us");
    expect(message.from?.value[0]).toMatchObject({ name: "Acme News", address: "hello@acme.example" });
    expect(message.text).toContain("Hi Alex,");
    expect(
      await testDb().select().from(campaignSends).where(eq(campaignSends.campaignId, created.id)),
    ).toEqual([]);
    expect((await campaign(created.id)).status).toBe("draft");

    for (const to of ["a@b.com,c@d.com", "Eve <eve@acme.example>", "x\r\nBcc: victim@evil.example", ""]) {
      const refused = await admin.post<{ message: string }>(`${base}/${created.id}/test`, { to });
      expect(refused.status, to).toBe(422);
    }
  });

  it("refuses to send without an audience, or without the store's email set up", async () => {
    const empty = await draft("nobody-matches-this");
    const none = await admin.post<{ message: string }>(`${base}/${empty.id}/send`, {});
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("No subscriber matches this campaign's audience");

    const unready = (await createStoreFor(ownerId)).id;
    const created = await admin.post<Campaign>(`/api/stores/${unready}/campaigns`, {
      name: "First",
      subject: "Hi",
    });
    const refused = await admin.post<{ message: string }>(
      `/api/stores/${unready}/campaigns/${created.body.id}/send`,
      {},
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Set up the store's email (Settings → Email configuration) before sending",
    );
  });

  it("refuses to send a campaign whose footer has no postal address, and mails no one", async () => {
    await subscribersFor("no-address", 2);
    const created = await draft("no-address");
    expect(created.content.companyAddress).toBe(STORE_POSTAL_ADDRESS);
    const cleared = await admin.put(`${base}/${created.id}`, { content: { companyAddress: "  " } });
    expect(cleared.status).toBe(200);
    const refused = await admin.post<{ message: string }>(`${base}/${created.id}/send`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Add your postal address (Header, colours and footer → Company address) before sending: anti-spam laws such as CAN-SPAM require one in every marketing email",
    );
    expect((await campaign(created.id)).status).toBe("draft");
    expect(
      await testDb().select().from(campaignSends).where(eq(campaignSends.campaignId, created.id)),
    ).toEqual([]);
  });
});
