import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailClickTracking, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createMember, createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { printSummary } from "../support/matrices/summary";

/**
 * Reading the subscribers needs View Subscribers, whatever the way: the CSV export, and a count that takes a
 * search of the caller's choosing (a campaign's audience), which would give the addresses letter by letter.
 */
let app: AppServer;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let admin: HttpClient;
let storeId: string;
const SECRET = "zq7@x.io";

const guesses = printSummary(
  ({ tried, passed }, n) =>
    `subscriber reading without View Subscribers: ${n(tried)} searches and exports tried, ${n(passed)} refused`,
);

async function memberWith(permissions: Record<string, boolean>): Promise<HttpClient> {
  const member = await createMember(owner.organization.id, permissions);
  const client = new HttpClient(app.url);
  await client.login(member.email, member.password);
  return client;
}

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  await testDb().insert(subscribers).values({ storeId, email: SECRET });
  await testDb().insert(emailClickTracking).values({
    storeId,
    subscriberEmail: SECRET,
    trackingId: "reading-permission-link",
    originalUrl: "https://shop.example.com/",
    ipAddress: "198.51.100.23",
  });
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
});

/** A draft campaign of the store, made by the admin. */
async function draftCampaign(audience = {}): Promise<string> {
  const created = await admin.request<{ id: string }>("POST", `/api/stores/${storeId}/campaigns`, {
    name: `Draft ${Date.now()}`,
    subject: "News",
    audience,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789@.";

describe("a member with Manage Campaigns only", () => {
  it("cannot read an address letter by letter through the campaign audience count", async () => {
    const attacker = await memberWith({ manage_campaigns: true });
    const campaign = `/api/stores/${storeId}/campaigns/${await draftCampaign()}`;
    // The attack: extend a known start while some subscriber matches it, four letters deep.
    let known = "";
    for (let depth = 0; depth < 4; depth += 1) {
      let extended = false;
      for (const letter of ALPHABET) {
        guesses.tried();
        const saved = await attacker.request("PUT", campaign, { audience: { search: known + letter } });
        if (saved.status === 403) {
          expect(saved.body).toEqual({ message: "You don't have permission to do this" });
          guesses.passed();
          continue;
        }
        const { audienceCount } = (await attacker.request<{ audienceCount: number }>("GET", campaign)).body;
        if (audienceCount > 0) {
          known += letter;
          extended = true;
          break;
        }
      }
      if (!extended) break;
    }
    expect(known).toBe("");
  });

  it("still edits a campaign whose search someone with View Subscribers chose, leaving the search as it is", async () => {
    const attacker = await memberWith({ manage_campaigns: true });
    const campaign = `/api/stores/${storeId}/campaigns/${await draftCampaign({ search: "zq7" })}`;
    const kept = await attacker.request("PUT", campaign, {
      subject: "Hello",
      audience: { search: "zq7", codeUsed: "no" },
    });
    expect(kept.status).toBe(200);
    guesses.tried();
    const changed = await attacker.request("PUT", campaign, { audience: { search: "zq" } });
    expect(changed.status).toBe(403);
    guesses.passed();
  });

  it("searches when they also have View Subscribers", async () => {
    const viewer = await memberWith({ manage_campaigns: true, view_subscribers: true });
    const campaign = `/api/stores/${storeId}/campaigns/${await draftCampaign()}`;
    expect((await viewer.request("PUT", campaign, { audience: { search: "zq7" } })).status).toBe(200);
    expect((await viewer.request<{ audienceCount: number }>("GET", campaign)).body.audienceCount).toBe(1);
  });
});

describe("the CSV export", () => {
  const exportPath = () => `/api/stores/${storeId}/subscribers/export.csv`;

  it("is refused to a member with Manage Subscribers only, like the list", async () => {
    const manager = await memberWith({ manage_subscribers: true });
    for (const path of [exportPath(), `/api/stores/${storeId}/subscribers`]) {
      guesses.tried();
      const response = await manager.request("GET", path);
      expect(response.status).toBe(403);
      expect(response.text).not.toContain(SECRET);
      guesses.passed();
    }
  });

  it("gives every row to a member with View Subscribers", async () => {
    const viewer = await memberWith({ view_subscribers: true });
    const response = await viewer.request("GET", exportPath());
    expect(response.status).toBe(200);
    expect(response.text).toContain(SECRET);
  });
});

describe("Email Analytics", () => {
  const analyticsPath = () => `/api/stores/${storeId}/email-analytics`;

  it("shows a member with Manage Email Settings only the links, without addresses or IPs", async () => {
    const manager = await memberWith({ manage_email_settings: true });
    guesses.tried();
    const response = await manager.request<{ clickData: { subscriberEmail: string | null }[] }>(
      "GET",
      analyticsPath(),
    );
    expect(response.status).toBe(200);
    expect(response.body.clickData).toEqual([
      expect.objectContaining({
        subscriberEmail: null,
        ipAddress: null,
        originalUrl: "https://shop.example.com/",
      }),
    ]);
    expect(response.text).not.toContain(SECRET);
    expect(response.text).not.toContain("198.51.100.23");
    guesses.passed();
  });

  it("shows the addresses to a member who also has View Subscribers", async () => {
    const viewer = await memberWith({ manage_email_settings: true, view_subscribers: true });
    const response = await viewer.request("GET", analyticsPath());
    expect(response.status).toBe(200);
    expect(response.text).toContain(SECRET);
  });
});
