import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  campaignSends,
  campaigns,
  emailClickTracking,
  emailSends,
  popupViews,
  subscribers,
} from "~/db/schema";
import { defaultCampaignContent } from "~/lib/schemas/campaign-content";
import type { CampaignStats } from "~/lib/schemas/campaign-views";
import type { EmailAnalytics } from "~/lib/schemas/email-analytics";
import type { SubscriberPage } from "~/lib/schemas/subscribers";
import { emailAnalytics } from "~/services/email/analytics.server";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";

/**
 * The figures of issue 28 (docs/decisions/112): conversion counts popup sign-ups over popup views only,
 * imports apart; Active Stores are stores whose popup was seen in the last 30 days; the subscriber list's
 * totals agree; Email Analytics is the welcome email's, never a campaign's.
 */
const signedIn = useSignedInApp();

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const dayOf = (days: number) => daysAgo(days).toISOString().slice(0, 10);

/** `count` subscribers of a store in one statement, subscribed `ago` days back, from `source`. */
async function addSubscribers(storeId: string, count: number, source: string, ago = 0) {
  await testDb().execute(sql`
    insert into subscribers (store_id, email, source, subscribed_at, consented_at)
    select ${storeId}::uuid, ${source} || '-' || ${randomUUID()} || '-' || n || '@acme.example', ${source},
           ${daysAgo(ago).toISOString()}::timestamptz, now()
    from generate_series(1, ${count}::int) as n`);
}

/** `count` subscribers imported today, then changed by `change` (a SET list) in a statement of its own. */
async function addImportedThen(storeId: string, count: number, change: SQL) {
  const batch = randomUUID();
  await testDb().execute(sql`
    insert into subscribers (store_id, email, source, consented_at)
    select ${storeId}::uuid, ${batch} || '-' || n || '@acme.example', 'import', now()
    from generate_series(1, ${count}::int) as n`);
  await testDb().execute(
    sql`update subscribers set ${change} where store_id = ${storeId} and email like ${`${batch}-%`}`,
  );
}

async function addViews(storeId: string, views: number, ago = 0) {
  await testDb()
    .insert(popupViews)
    .values({ storeId, day: dayOf(ago), views });
}

type Figures = {
  activeStores: number;
  totalSubscribers: number;
  conversionRate: string;
  popupViews: number;
  popupSubscribers: number;
  importedSubscribers: number;
  recentDays: number;
};

async function freshOrganization() {
  const owner = await createOrganizationWithAdmin();
  const client = new HttpClient(signedIn.app.url);
  await client.login(owner.email, owner.password);
  return { owner, client };
}

describe("the dashboard's conversion rate", () => {
  it("divides popup sign-ups by popup views of the last 30 days; an import is shown apart, never as conversions", async () => {
    const { owner, client } = await freshOrganization();
    const store = await createStoreFor(owner.admin.id, { name: "Imported Shop" });
    await addSubscribers(store.id, 20, "popup");
    await addViews(store.id, 400);
    await addViews(store.id, 600, 3);
    // The case of issue 28: 99,980 imported addresses once read as a 1,999,920 % conversion rate.
    await addSubscribers(store.id, 99_980, "import", 1);
    // Older than 30 days: neither conversions nor views of the window.
    await addSubscribers(store.id, 50, "popup", 45);
    await addViews(store.id, 5, 45);

    const { status, body } = await client.get<Figures>(`/api/dashboard/stats?storeId=${store.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      totalSubscribers: 100_050,
      conversionRate: "2.0",
      popupViews: 1000,
      popupSubscribers: 20,
      importedSubscribers: 99_980,
      recentDays: 30,
    });
    const listed =
      await client.get<{ id: string; conversionRate: string; subscriberCount: number }[]>("/api/stores");
    expect(listed.body.find((entry) => entry.id === store.id)).toMatchObject({
      subscriberCount: 100_050,
      conversionRate: "2.0",
    });
  });
});

describe("Total Subscribers", () => {
  it("counts whom a campaign to all subscribers reaches, and names the others apart", async () => {
    const { owner, client } = await freshOrganization();
    const store = await createStoreFor(owner.admin.id, { name: "Mixed List" });
    await addSubscribers(store.id, 10, "popup");
    await addSubscribers(store.id, 6, "import", 2);
    await addImportedThen(store.id, 4, sql`is_active = false, unsubscribed_at = now()`);
    await addImportedThen(store.id, 2, sql`suppression = 'bounced', suppressed_at = now()`);
    await addImportedThen(
      store.id,
      1,
      sql`suppression = 'complained', suppressed_at = now(), is_active = false, unsubscribed_at = now()`,
    );
    await addImportedThen(store.id, 3, sql`confirmation_required = true`);

    const { body } = await client.get<Figures & { notSubscribed: Record<string, number> }>(
      `/api/dashboard/stats?storeId=${store.id}`,
    );
    expect(body).toMatchObject({
      totalSubscribers: 16,
      notSubscribed: { unsubscribed: 4, cleaned: 3, unconfirmed: 3 },
      // Sign-ups through the popup stay sign-ups, whatever became of them since; imports stay apart.
      popupSubscribers: 10,
      importedSubscribers: 6 + 4 + 2 + 1 + 3,
    });
    const campaign = await client.post<{ id: string }>(`/api/stores/${store.id}/campaigns`, {
      name: "Everyone",
      subject: "Hello",
    });
    const audience = await client.get<{ audienceCount: number }>(
      `/api/stores/${store.id}/campaigns/${campaign.body.id}`,
    );
    expect(audience.body.audienceCount).toBe(body.totalSubscribers);

    const screen = await client.get(`/store/${store.id}/dashboard`, { headers: { Accept: "text/html" } });
    expect(screen.text).toContain(
      "Not counted: 4 unsubscribed, 3 bounced or reported spam, 3 awaiting confirmation",
    );
    expect(screen.text).not.toContain("All time, imports included");
  });
});

describe("Active Stores", () => {
  it("counts the stores whose popup was seen on the storefront in the last 30 days", async () => {
    const { owner, client } = await freshOrganization();
    const seen = await createStoreFor(owner.admin.id, { name: "Seen" });
    const seenLongAgo = await createStoreFor(owner.admin.id, { name: "Seen Long Ago" });
    const neverSeen = await createStoreFor(owner.admin.id, { name: "Never Seen" });
    await addViews(seen.id, 3, 29);
    await addViews(seenLongAgo.id, 900, 30);
    // A store whose script was never seen has an active popup and subscribers (imported), and is not active.
    await addSubscribers(neverSeen.id, 40, "import");

    const all = await client.get<Figures>("/api/dashboard/stats");
    expect(all.body).toMatchObject({
      activeStores: 1,
      totalSubscribers: 40,
      popupViews: 3,
      conversionRate: "0.0",
    });
    for (const [store, active] of [
      [seen, 1],
      [seenLongAgo, 0],
      [neverSeen, 0],
    ] as const) {
      const one = await client.get<Figures>(`/api/dashboard/stats?storeId=${store.id}`);
      expect(one.body.activeStores, store.name).toBe(active);
    }
  });
});

describe("the subscriber list's totals", () => {
  const totalOf = async (client: HttpClient, storeId: string, query: string) => {
    const { body } = await client.get<SubscriberPage>(`/api/stores/${storeId}/subscribers?limit=1&${query}`);
    return [body.total, body.totalIsCapped];
  };

  it("agree: after a large import, the last 30 days count it all, as all time does", async () => {
    const { owner, client } = await freshOrganization();
    const store = await createStoreFor(owner.admin.id, { name: "Big Import" });
    await addSubscribers(store.id, 12_000, "import", 2);
    await addSubscribers(store.id, 30, "popup", 60);
    expect(await totalOf(client, store.id, "dateRange=all")).toEqual([12_030, false]);
    expect(await totalOf(client, store.id, "dateRange=30")).toEqual([12_000, false]);
    expect(await totalOf(client, store.id, "dateRange=90")).toEqual([12_030, false]);
    expect(await totalOf(client, store.id, "dateRange=7&status=active")).toEqual([12_000, false]);
    expect(await totalOf(client, store.id, "dateRange=7&status=unsubscribed")).toEqual([0, false]);
  });

  it("say 10,000+ only when both the range and what is older pass 10,000", async () => {
    const { owner, client } = await freshOrganization();
    const store = await createStoreFor(owner.admin.id, { name: "Two Imports" });
    await addSubscribers(store.id, 10_050, "import", 1);
    await addSubscribers(store.id, 10_050, "import", 100);
    expect(await totalOf(client, store.id, "dateRange=30")).toEqual([10_000, true]);
    expect(await totalOf(client, store.id, "dateRange=all")).toEqual([20_100, false]);
  });
});

describe("Email Analytics", () => {
  it("counts the welcome email's sends and clicks, never a campaign's", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id, { name: "Welcome And Campaign" });
    const [subscriber] = await testDb()
      .insert(subscribers)
      .values({ storeId: store.id, email: `reader-${randomUUID()}@acme.example` })
      .returning();
    if (!subscriber) throw new Error("no subscriber");
    const [welcome] = await testDb()
      .insert(emailSends)
      .values({
        storeId: store.id,
        subscriberId: subscriber.id,
        kind: "welcome",
        status: "sent",
        sentAt: new Date(),
      })
      .returning();
    const [campaign] = await testDb()
      .insert(campaigns)
      .values({
        storeId: store.id,
        name: "Sale",
        slug: "sale",
        subject: "Sale",
        content: defaultCampaignContent,
      })
      .returning();
    const [campaignSend] = await testDb()
      .insert(campaignSends)
      .values({
        campaignId: campaign?.id ?? "",
        storeId: store.id,
        subscriberId: subscriber.id,
        status: "sent",
        sentAt: new Date(),
      })
      .returning();
    const clicked = {
      isClicked: true,
      clickedAt: new Date(),
      subscriberEmail: subscriber.email,
      storeId: store.id,
    };
    const [welcomeLink, campaignLink] = await testDb()
      .insert(emailClickTracking)
      .values([
        {
          ...clicked,
          sendId: welcome?.id,
          trackingId: randomUUID(),
          originalUrl: "https://shop.example/",
          clickCount: 1,
        },
        {
          ...clicked,
          campaignSendId: campaignSend?.id,
          utmCampaign: "sale",
          trackingId: randomUUID(),
          originalUrl: "https://shop.example/sale",
          clickCount: 5,
        },
      ])
      .returning();

    const admin = signedIn.admin;
    const analytics = await admin.get<EmailAnalytics>(`/api/stores/${store.id}/email-analytics`);
    expect(analytics.status).toBe(200);
    expect(analytics.body.stats).toEqual({ clickRate: 100, totalEmails: 1, totalClicks: 1 });
    expect(analytics.body.clickData.map((row) => row.id)).toEqual([welcomeLink?.id]);
    // The screen's chart (its loader calls the service): one welcome email sent, one click.
    const { days } = await emailAnalytics(await actorFor(signedIn.owner.admin.id), store.id);
    expect(days.reduce((sum, day) => sum + day.clicks, 0)).toBe(1);
    expect(days.reduce((sum, day) => sum + day.sent, 0)).toBe(1);
    const clickStats = await admin.get(`/api/stores/${store.id}/email-click-stats`);
    expect(clickStats.body).toEqual({ clickRate: 100, totalEmails: 1, totalClicks: 1 });

    // The campaign's row is not the screen's to delete: its stats stay whole.
    const refused = await admin.request("DELETE", `/api/email-analytics/${campaignLink?.id}`);
    expect(refused.status).toBe(404);
    const bulk = await admin.request<{ deletedCount: number }>(
      "DELETE",
      `/api/stores/${store.id}/email-analytics/bulk`,
      { ids: [campaignLink?.id] },
    );
    expect(bulk.body).toEqual({ deletedCount: 0 });
    const campaignStats = await admin.get<CampaignStats>(
      `/api/stores/${store.id}/campaigns/${campaign?.id}/stats`,
    );
    expect(campaignStats.status).toBe(200);
    expect(campaignStats.body.totalClicks).toBe(5);
  });
});
