import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { type Actor, signedInActor } from "~/services/access/actor.server";
import { createStore } from "~/services/stores/crud.server";
import { testDb } from "../infra/db";
import { saveLegacyToken } from "./legacy-shopify";

/** The service-level Actor of a user, for arranging data through the app's own services. */
export async function actorFor(userId: string): Promise<Actor> {
  const [user] = await testDb().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return signedInActor(user, new Date(Date.now() + 3_600_000));
}

let storeCounter = 0;

/**
 * A store (with its default popup, template and settings) created by `userId` through the stores service;
 * `shopifyAccessToken`: a custom app's token it kept from before (saved as an earlier version did).
 */
export async function createStoreFor(
  userId: string,
  overrides: { name?: string; shopifyAccessToken?: string; shopifyUrl?: string } = {},
) {
  storeCounter += 1;
  const store = await createStore(await actorFor(userId), {
    name: overrides.name ?? `Store ${storeCounter}`,
    shopifyUrl: overrides.shopifyUrl ?? `https://store-${storeCounter}-${Date.now()}.example.com`,
  });
  if (overrides.shopifyAccessToken) await saveLegacyToken(store.id, overrides.shopifyAccessToken);
  return store;
}
