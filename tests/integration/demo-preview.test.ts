import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "~/db/schema";
import { PREVIEW_NOTICE } from "~/lib/demo-page";
import { issuePreviewToken, PREVIEW_TOKEN_LIFETIME_MS } from "~/services/popups/preview-token.server";
import type { PublicPopups, SubscribeResponse } from "../../popup/config";
import { createStoreFor } from "../support/builders/actors";
import {
  createMember,
  createOrganizationWithAdmin,
  createSecondOrganization,
} from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

let app: AppServer;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let storeId: string;
let otherStoreId: string;
let popupId: string;
let publishedTitle: string;
const DRAFT_TITLE = "Spring sale: 20% off everything";

/** A browser of the owner's, signed in. */
async function signedIn(email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  await client.login(email, password);
  return client;
}

/** The preview token the demo page put on its script tag, or null when it shows what shoppers see. */
function previewTokenOf(html: string): string | null {
  return /data-preview="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** The store's popups call, as the script on the demo page makes it (with its preview token, if any). */
async function popupsAnswer(token?: string, target = storeId) {
  const query = token ? `?e=0&preview=${encodeURIComponent(token)}` : "?e=0";
  const response = await fetch(`${app.url}/api/public/stores/${target}/popups${query}`);
  const body = response.ok ? ((await response.json()) as PublicPopups) : null;
  return { response, titles: body?.popups.map((popup) => popup.title) ?? [] };
}

beforeAll(async () => {
  app = await startApp();
  owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  otherStoreId = (await createStoreFor(owner.admin.id)).id;
  const client = await signedIn(owner.email, owner.password);
  publishedTitle = (await popupsAnswer()).titles[0] ?? "";
  // SPEC's PUT /popup saves to the live popup's draft: shoppers keep the published title.
  const saved = await client.put<{ id: string }>(`/api/stores/${storeId}/popup`, { title: DRAFT_TITLE });
  expect(saved.status).toBe(200);
  popupId = saved.body.id;
});
afterAll(async () => {
  await app?.stop();
});

describe("the demo page's preview of unpublished changes", () => {
  it("shows a member who manages popups the draft's title, uncached, and shoppers still the published one", async () => {
    const client = await signedIn(owner.email, owner.password);
    const page = await client.get<string>(`/demo/${storeId}?preview=${popupId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(PREVIEW_NOTICE);
    const token = previewTokenOf(page.body);
    expect(token).not.toBeNull();

    const preview = await popupsAnswer(token ?? "");
    expect(preview.titles).toEqual([DRAFT_TITLE]);
    expect(preview.response.headers.get("cache-control")).toBe("no-store");
    expect(preview.response.headers.get("etag")).toBeNull();

    const shoppers = await popupsAnswer();
    expect(shoppers.titles).toContain(publishedTitle);
    expect(shoppers.titles).not.toContain(DRAFT_TITLE);
    expect(shoppers.response.headers.get("cache-control")).toContain("public");
  });

  it("shows anyone who may not manage the store's popups the page shoppers get, never the draft", async () => {
    const popupsOnlyElsewhere = await createSecondOrganization();
    const viewer = await createMember(owner.organization.id, { view_subscribers: true });
    const visitors = [
      new HttpClient(app.url),
      await signedIn(viewer.email, viewer.password),
      await signedIn(popupsOnlyElsewhere.email, popupsOnlyElsewhere.password),
    ];
    for (const visitor of visitors) {
      const page = await visitor.get<string>(`/demo/${storeId}?preview=${popupId}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(PREVIEW_NOTICE);
      expect(previewTokenOf(page.body)).toBeNull();
    }
    const owners = await signedIn(owner.email, owner.password);
    const unknown = await owners.get<string>(`/demo/${storeId}?preview=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it("answers forged, expired and other stores' tokens with the published popups", async () => {
    const valid = issuePreviewToken(storeId, popupId);
    const tokens = [
      `${valid.slice(0, -1)}${valid.endsWith("0") ? "1" : "0"}`,
      issuePreviewToken(storeId, popupId, Date.now() - PREVIEW_TOKEN_LIFETIME_MS - 1000),
      issuePreviewToken(otherStoreId, popupId),
    ];
    for (const token of tokens) {
      const answer = await popupsAnswer(token);
      expect(answer.titles).toContain(publishedTitle);
      expect(answer.titles).not.toContain(DRAFT_TITLE);
    }
    expect((await popupsAnswer(valid, otherStoreId)).titles).not.toContain(DRAFT_TITLE);
  });

  it("answers a preview's subscription as a new subscriber's and stores nothing", async () => {
    const email = `preview-${Date.now()}@example.com`;
    const response = await fetch(`${app.url}/api/public/stores/${storeId}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, popupId, preview: issuePreviewToken(storeId, popupId) }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SubscribeResponse).message).toBe("Thank you for subscribing!");
    expect(await testDb().select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
  });

  it("previews a draft popup, which shoppers never get", async () => {
    const client = await signedIn(owner.email, owner.password);
    const draft = await client.post<{ id: string; status: string }>(`/api/stores/${storeId}/popups`, {
      name: "Draft only",
    });
    expect(draft.body.status).toBe("draft");
    const title = "Only in the draft";
    expect((await client.put(`/api/stores/${storeId}/popups/${draft.body.id}`, { title })).status).toBe(200);
    const page = await client.get<string>(`/demo/${storeId}?preview=${draft.body.id}`);
    expect((await popupsAnswer(previewTokenOf(page.body) ?? "")).titles).toEqual([title]);
    expect((await popupsAnswer()).titles).not.toContain(title);
  });
});
