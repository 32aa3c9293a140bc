import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores, userPreferences, users } from "~/db/schema";
import type { Preferences } from "~/db/schema/preferences";

/** A user's preferences, created with the SPEC defaults (notifications to their own address) on first use. */
export async function preferencesOf(userId: string): Promise<Preferences> {
  const [existing] = await db().select().from(userPreferences).where(eq(userPreferences.userId, userId));
  if (existing) return existing;
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  await db()
    .insert(userPreferences)
    .values({ userId, adminNotificationEmail: user?.email })
    .onConflictDoNothing();
  const [created] = await db().select().from(userPreferences).where(eq(userPreferences.userId, userId));
  if (!created) throw new Error("Preferences were not created");
  return created;
}

/** The preferences that govern a store's mail: those of the store's owner (its creator). */
export async function preferencesForStore(storeId: string): Promise<Preferences | undefined> {
  const [store] = await db().select({ userId: stores.userId }).from(stores).where(eq(stores.id, storeId));
  return store ? preferencesOf(store.userId) : undefined;
}
