import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import {
  createMember,
  createOrganizationWithAdmin,
  createSecondOrganization,
} from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

type Campaign = {
  id: string;
  name: string;
  slug: string;
  subject: string;
  preheader: string;
  fromName: string;
  status: string;
  content: Record<string, unknown> & {
    blocks: Record<string, unknown>[];
    socialMediaLinks: Record<string, string>;
  };
  audience: Record<string, unknown>;
  audienceCount?: number;
};

let app: AppServer;
let admin: HttpClient;
let organizationId: string;
let adminId: string;
let base: string;

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin();
  organizationId = owner.organization.id;
  adminId = owner.admin.id;
  base = `/api/stores/${(await createStoreFor(owner.admin.id)).id}/campaigns`;
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
});

const create = async (body: Record<string, unknown>) => {
  const response = await admin.post<Campaign>(base, body);
  expect(response.status).toBe(201);
  return response.body;
};

describe("a store's campaigns", () => {
  it("creates a draft with a greeting and a button to the shop, reads, lists, updates and deletes it", async () => {
    const created = await create({ name: "Spring sale", subject: "Our spring sale starts today" });
    expect(created).toMatchObject({
      name: "Spring sale",
      slug: "spring-sale",
      subject: "Our spring sale starts today",
      preheader: "",
      fromName: "",
      status: "draft",
      audience: { from: null, to: null, search: "", codeUsed: "any", confirmedOnly: false },
    });
    expect(created.content.blocks).toEqual([
      expect.objectContaining({ type: "text", text: expect.stringContaining("Hi [First Name],") }),
      expect.objectContaining({ type: "button", label: "Shop now", url: "" }),
    ]);

    const listed = await admin.get<{ campaigns: Campaign[] }>(base);
    expect(listed.body.campaigns.map((campaign) => campaign.id)).toContain(created.id);

    const updated = await admin.put<Campaign>(`${base}/${created.id}`, {
      name: "Spring sale, last day",
      preheader: "Ends at midnight",
      content: { headerText: "Last chance", socialMediaLinks: { instagram: "https://instagram.com/acme" } },
      audience: { codeUsed: "no" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      slug: "spring-sale-last-day",
      preheader: "Ends at midnight",
      subject: "Our spring sale starts today",
      audience: { codeUsed: "no", confirmedOnly: false },
    });
    expect(updated.body.content).toMatchObject({
      headerText: "Last chance",
      blocks: created.content.blocks,
      socialMediaLinks: { instagram: "https://instagram.com/acme", website: "" },
    });

    // Blocks, when sent, replace the whole list; the frame keeps what was saved.
    const blocks = [
      { id: "hero", type: "image", url: "https://cdn.acme.example/hero.png", alt: "Spring", link: "" },
      { id: "code", type: "discountCode" },
      { id: "claim", type: "button", label: "Claim", url: "https://acme.example/discount/[DISCOUNT_CODE]" },
    ];
    const reblocked = await admin.put<Campaign>(`${base}/${created.id}`, { content: { blocks } });
    expect(reblocked.body.content).toMatchObject({ headerText: "Last chance", blocks });

    const read = await admin.get<Campaign>(`${base}/${created.id}`);
    expect(read.body).toMatchObject({ id: created.id, audienceCount: 0 });

    expect((await admin.delete(`${base}/${created.id}`)).status).toBe(200);
    expect((await admin.get(`${base}/${created.id}`)).status).toBe(404);
  });

  it("gives each campaign of a store its own slug", async () => {
    const first = await create({ name: "Weekly news", subject: "News" });
    const second = await create({ name: "Weekly News!", subject: "News" });
    expect([first.slug, second.slug]).toEqual(["weekly-news", "weekly-news-2"]);
    const renamed = await admin.put<Campaign>(`${base}/${second.id}`, { name: "Weekly  news" });
    expect(renamed.body.slug).toBe("weekly-news-2");
  });

  it("answers invalid input with a message per field", async () => {
    const response = await admin.post<{ errors: Record<string, string[]> }>(base, {
      name: " ",
      subject: "x".repeat(201),
      content: {
        primaryColor: "blue",
        headerLogo: "http://acme.example/logo.png",
        blocks: [
          { id: "b", type: "button", label: "Go", url: "javascript:alert(1)" },
          { id: "x", type: "poll" },
        ],
      },
      audience: { from: "2026-02-01", to: "2026-01-01", codeUsed: "maybe" },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      name: ["Name is required"],
      subject: ["Subject must be at most 200 characters"],
      "content.primaryColor": ["Primary colour must be a hex colour like #0071b9"],
      "content.headerLogo": ["Header logo URL must be an https:// image URL"],
      "content.blocks.0.url": ["Button URL must be an http:// or https:// link"],
      "content.blocks.1.type": ["Block type must be one of text, button, image, discountCode or divider"],
      "audience.codeUsed": ["codeUsed must be one of any, yes or no"],
    });
    const dates = await admin.post<{ errors: Record<string, string[]> }>(base, {
      name: "Dates",
      subject: "Dates",
      audience: { from: "2026-02-01", to: "2026-01-01" },
    });
    expect(dates.body.errors).toEqual({ "audience.to": ["to must be on or after from"] });
    const impossible = await admin.post<{ errors: Record<string, string[]> }>(base, {
      name: "Dates",
      subject: "Dates",
      audience: { from: "0000-01-01", to: "2026-02-30" },
    });
    expect(impossible.body.errors).toEqual({
      "audience.from": ["from must be a date like 2026-01-31"],
      "audience.to": ["to must be a date like 2026-01-31"],
    });
    const nul = await admin.post<{ errors: Record<string, string[]> }>(base, {
      name: "NUL",
      subject: "NUL",
      content: { headerText: "a\u0000b" },
    });
    expect(nul.status).toBe(422);
    const unknown = await admin.post<{ errors: Record<string, string[]> }>(base, {
      name: "Sneaky",
      subject: "Sneaky",
      status: "sent",
    });
    expect(unknown.status).toBe(422);
  });

  it("refuses to change or delete a campaign that is no longer a draft", async () => {
    const campaign = await create({ name: "Already out", subject: "Hello" });
    await testDb().update(campaigns).set({ status: "sent" }).where(eq(campaigns.id, campaign.id));
    const edit = await admin.put<{ message: string }>(`${base}/${campaign.id}`, { subject: "Changed" });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({
      message: "Only a draft campaign can be changed or deleted; this one is sent",
    });
    expect((await admin.delete(`${base}/${campaign.id}`)).status).toBe(409);
    expect((await admin.get<Campaign>(`${base}/${campaign.id}`)).body.subject).toBe("Hello");
  });
});

describe("a campaign's audience count", () => {
  let audienceBase: string;
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

  beforeAll(async () => {
    const audienceStore = (await createStoreFor(adminId)).id;
    audienceBase = `/api/stores/${audienceStore}/campaigns`;
    const subscriber = (
      email: string,
      iso: string,
      extra: Partial<typeof subscribers.$inferInsert> = {},
    ) => ({
      storeId: audienceStore,
      email,
      subscribedAt: day(iso),
      ...extra,
    });
    await testDb()
      .insert(subscribers)
      .values([
        subscriber("ana@acme.example", "2026-01-05", { name: "Ana Garcia" }),
        subscriber("ben@acme.example", "2026-02-10", {
          discountCodeSent: "WELCOME-BEN",
          discountCodeUsed: true,
        }),
        subscriber("cara@acme.example", "2026-03-15", {
          confirmationRequired: true,
          confirmedAt: day("2026-03-16"),
        }),
        // Never counted: unsubscribed, and a double opt-in never confirmed.
        subscriber("gone@acme.example", "2026-01-06", { isActive: false, unsubscribedAt: day("2026-01-07") }),
        subscriber("pending@acme.example", "2026-01-08", { confirmationRequired: true }),
      ]);
  });

  const countFor = async (audience: Record<string, unknown>) => {
    const created = await admin.post<Campaign>(audienceBase, { name: "Count", subject: "Count", audience });
    expect(created.status).toBe(201);
    return (await admin.get<Campaign>(`${audienceBase}/${created.body.id}`)).body.audienceCount;
  };

  it("never counts unsubscribed or never-confirmed addresses", async () => {
    expect(await countFor({})).toBe(3);
    expect(await countFor({ search: "acme.example" })).toBe(3);
  });

  it("narrows by subscription dates, both days included", async () => {
    expect(await countFor({ from: "2026-02-10" })).toBe(2);
    expect(await countFor({ to: "2026-02-10" })).toBe(2);
    expect(await countFor({ from: "2026-02-10", to: "2026-02-10" })).toBe(1);
    expect(await countFor({ from: "2026-01-06", to: "2026-01-31" })).toBe(0);
  });

  it("narrows by the search, whether the code was used, and confirmed double opt-in", async () => {
    expect(await countFor({ search: "garcia" })).toBe(1);
    expect(await countFor({ search: "be" })).toBe(1);
    expect(await countFor({ codeUsed: "yes" })).toBe(1);
    expect(await countFor({ codeUsed: "no" })).toBe(2);
    expect(await countFor({ confirmedOnly: true })).toBe(1);
    expect(await countFor({ codeUsed: "no", search: "cara", confirmedOnly: true })).toBe(1);
  });

  it("follows a change of the audience", async () => {
    const created = await admin.post<Campaign>(audienceBase, { name: "Changing", subject: "Changing" });
    await admin.put(`${audienceBase}/${created.body.id}`, { audience: { codeUsed: "yes" } });
    expect((await admin.get<Campaign>(`${audienceBase}/${created.body.id}`)).body.audienceCount).toBe(1);
  });
});

describe("who may manage campaigns", () => {
  it("answers another organization's store and campaign ids with 404", async () => {
    const campaign = await create({ name: "Private", subject: "Private" });
    const other = await createSecondOrganization();
    const stranger = new HttpClient(app.url);
    await stranger.login(other.email, other.password);
    expect((await stranger.get(base)).status).toBe(404);
    expect((await stranger.get(`${base}/${campaign.id}`)).status).toBe(404);
    expect((await stranger.put(`${base}/${campaign.id}`, { subject: "Mine" })).status).toBe(404);
    expect((await stranger.delete(`${base}/${campaign.id}`)).status).toBe(404);
    const otherStore = await createStoreFor(other.admin.id);
    expect((await stranger.get(`/api/stores/${otherStore.id}/campaigns/${campaign.id}`)).status).toBe(404);
  });

  it("needs manage_campaigns: a member without it gets 403, a member with it 200", async () => {
    const without = await createMember(organizationId, { manage_popups: true, view_subscribers: true });
    const refused = new HttpClient(app.url);
    await refused.login(without.email, without.password);
    expect((await refused.get(base)).status).toBe(403);
    expect((await refused.post(base, { name: "Nope", subject: "Nope" })).status).toBe(403);

    const granted = await createMember(organizationId, { manage_campaigns: true });
    const allowed = new HttpClient(app.url);
    await allowed.login(granted.email, granted.password);
    expect((await allowed.get(base)).status).toBe(200);
    expect((await allowed.post(base, { name: "Member's", subject: "Hi" })).status).toBe(201);
  });
});
