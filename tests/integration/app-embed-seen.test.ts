import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

async function seenAt(storeId: string): Promise<Date | null> {
  const [row] = await testDb()
    .select({ seenAt: stores.appEmbedSeenAt })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw new Error(`no store ${storeId}`);
  return row.seenAt;
}

/** The storefront script's popups request; `e=1` when the theme app embed loaded it (popup/main.ts). */
const loadPopups = (storeId: string, embed: 0 | 1) =>
  fetch(`${app.url}/api/public/stores/${storeId}/popups?e=${embed}`, {
    headers: { Origin: "https://shop.example.com" },
  });

describe("the theme app embed's sightings", () => {
  it("are recorded from the popups request with the embed's marker, at most once a minute per store", async () => {
    const owner = await createOrganizationWithAdmin();
    const store = await createStoreFor(owner.admin.id);
    const other = await createStoreFor(owner.admin.id);

    expect((await loadPopups(store.id, 0)).status).toBe(200);
    expect(await seenAt(store.id)).toBeNull();

    const before = Date.now();
    expect((await loadPopups(store.id, 1)).status).toBe(200);
    const first = await seenAt(store.id);
    expect(first?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // More page views within the minute write nothing.
    for (let view = 0; view < 3; view += 1) expect((await loadPopups(store.id, 1)).status).toBe(200);
    expect(await seenAt(store.id)).toEqual(first);
    // Only the store whose storefront loaded the embed.
    expect(await seenAt(other.id)).toBeNull();
  });

  it("leave an unknown or malformed store id alone", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await loadPopups(id, 1)).status).toBe(404);
    }
  });
});
