import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { type Actor, signedInActor } from "~/services/access/actor.server";
import { createStore } from "~/services/stores/stores.server";
import { testDb } from "../infra/db";

/** The service-level Actor of a user, for arranging data through the app's own services. */
export async function actorFor(userId: string): Promise<Actor> {
  const [user] = await testDb().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return signedInActor(user, new Date(Date.now() + 3_600_000));
}

let storeCounter = 0;

/** A store (with its default popup, template and settings) created by `userId` through the stores service. */
export async function createStoreFor(
  userId: string,
  overrides: { name?: string; shopifyAccessToken?: string; shopifyUrl?: string } = {},
) {
  storeCounter += 1;
  return createStore(await actorFor(userId), {
    name: overrides.name ?? `Store ${storeCounter}`,
    shopifyUrl: overrides.shopifyUrl ?? `https://store-${storeCounter}-${Date.now()}.example.com`,
    shopifyAccessToken: overrides.shopifyAccessToken,
  });
}
