import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { emailClickTracking, popupImages, subscribers } from "~/db/schema";
import { subscriberToken } from "~/services/email/links.server";
import { createStoreFor } from "../builders/actors";
import { createOrganizationWithAdmin } from "../builders/fixtures";
import { editAndPublish } from "../builders/published-popup";
import { freshFixture } from "../builders/route-fixtures";
import { HttpClient } from "../clients/http";
import { type AppServer, startApp } from "../infra/app-server";
import { sqlRows, testDb } from "../infra/db";
import { type Fixture, TINY_PNG } from "./api-routes";
import type { OpenFixture } from "./open-endpoints";

/**
 * What every hostile-input file works on, made once per file: an organization whose target store takes every
 * hostile request (no good request is ever sent, so nothing is deleted), a sentinel store that no hostile
 * request addresses, and the app with a signed-in admin and an anonymous client.
 */
export type HostileSetup = {
  app: AppServer;
  admin: HttpClient;
  anonymous: HttpClient;
  target: Fixture;
  open: OpenFixture;
  sentinelStoreId: string;
  sentinelBefore: string;
};

/** Everything stored for the sentinel store. */
export async function sentinelSnapshot(sentinelStoreId: string): Promise<string> {
  const tables = ["stores", "popup_configs", "email_templates", "email_settings", "subscribers"];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const column = table === "stores" ? "id" : "store_id";
      const rows = await sqlRows<{ row: string }>(
        `select t::text as row from ${table} t where ${column} = $1 order by 1`,
        [sentinelStoreId],
      );
      return `${table}:${rows.map((row) => row.row).join("|")}`;
    }),
  );
  return parts.join("\n");
}

async function openFixture(target: Fixture): Promise<OpenFixture> {
  const [subscriber] = await testDb()
    .insert(subscribers)
    .values({ storeId: target.storeId, email: "reader2@acme.example" })
    .returning();
  if (!subscriber) throw new Error("no subscriber");
  const trackingId = randomUUID();
  await testDb().insert(emailClickTracking).values({
    storeId: target.storeId,
    subscriberEmail: subscriber.email,
    trackingId,
    originalUrl: "https://acme.example",
  });
  const [image] = await testDb()
    .insert(popupImages)
    .values({
      storeId: target.storeId,
      contentType: "image/png",
      bytes: TINY_PNG,
      byteSize: TINY_PNG.byteLength,
    })
    .returning({ id: popupImages.id });
  if (!image) throw new Error("no image");
  return {
    imageId: image.id,
    storeId: target.storeId,
    trackingId,
    unsubscribeToken: subscriberToken("unsubscribe", subscriber.id),
    confirmToken: subscriberToken("confirm", subscriber.id),
    // Only hostile values take its place: no request here may confirm a real address.
    notificationToken: randomUUID(),
  };
}

/** Registers the file's setup and teardown; the returned object is filled in before its first test. */
export function useHostileSetup(): HostileSetup {
  const setup = {} as HostileSetup;
  beforeAll(async () => {
    const owner = await createOrganizationWithAdmin();
    const sentinel = await createStoreFor(owner.admin.id, { name: "Sentinel Supplies" });
    await testDb()
      .insert(subscribers)
      .values(
        ["ann", "bob", "cy"].map((name) => ({
          storeId: sentinel.id,
          email: `${name}@sentinel.example`,
          name,
        })),
      );
    setup.sentinelStoreId = sentinel.id;
    setup.sentinelBefore = await sentinelSnapshot(sentinel.id);
    setup.target = await freshFixture(owner.organization.id, owner.admin.id);
    setup.open = await openFixture(setup.target);
    // No sweeps: a sweep's lease taken while a refused request is judged would read as a change it made.
    setup.app = await startApp({
      schedules: false,
      env: {
        LOG_LEVEL: "info",
        TRUST_PROXY: "1",
        SUBSCRIBE_LIMIT_PER_IP: "100000",
        SUBSCRIBE_LIMIT_PER_STORE: "100000",
      },
    });
    setup.admin = new HttpClient(setup.app.url);
    await setup.admin.login(owner.email, owner.password);
    setup.anonymous = new HttpClient(setup.app.url);
    // The name field on, so hostile names are stored and shown on the subscribers screen.
    const fields = await editAndPublish(setup.admin, setup.target.storeId, { fields: { name: true } });
    expect(fields.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await setup.app?.stop();
  });
  return setup;
}

/** The sentinel store, which no hostile request addressed, is as it was, and its subscribers are listed. */
export async function expectSentinelUntouched(setup: HostileSetup): Promise<void> {
  expect(await sentinelSnapshot(setup.sentinelStoreId)).toBe(setup.sentinelBefore);
  const list = await setup.admin.get<{ subscribers: { email: string }[] }>(
    `/api/stores/${setup.sentinelStoreId}/subscribers`,
  );
  expect(list.body.subscribers.map((row) => row.email).sort()).toEqual([
    "ann@sentinel.example",
    "bob@sentinel.example",
    "cy@sentinel.example",
  ]);
}
