import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { shopifyOauthStates } from "~/db/schema";
import { hmac, randomToken } from "~/server/crypto.server";

/** Long enough to read Shopify's grant screen and sign in there first; short enough that a leaked link dies. */
const STATE_TTL_MS = 10 * 60 * 1000;

export type OauthAttempt = { userId: string; storeId: string; shop: string; expiresAt: Date };

/** A new single-use state for a user connecting a store to a shop; expired attempts are cleared on the way. */
export async function issueOauthState(attempt: Omit<OauthAttempt, "expiresAt">): Promise<string> {
  const state = randomToken();
  await db().delete(shopifyOauthStates).where(lt(shopifyOauthStates.expiresAt, new Date()));
  await db()
    .insert(shopifyOauthStates)
    .values({ ...attempt, stateHash: hmac(state), expiresAt: new Date(Date.now() + STATE_TTL_MS) });
  return state;
}

/**
 * Takes (deletes) the attempt of a state issued to this user, so it can be used once: null for a state
 * that was never issued, was already used, or was issued to someone else (theirs stays untouched).
 */
export async function takeOauthState(state: string, userId: string): Promise<OauthAttempt | null> {
  const [attempt] = await db()
    .delete(shopifyOauthStates)
    .where(and(eq(shopifyOauthStates.stateHash, hmac(state)), eq(shopifyOauthStates.userId, userId)))
    .returning();
  return attempt ?? null;
}
