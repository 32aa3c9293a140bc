import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { TEST_REDIS_URL } from "../support/infra/services";

/**
 * A storefront subscription's limits and its inbox's claim, taken in one Redis script when REDIS_URL is set
 * (docs/decisions/194), answer exactly as the in-memory counters without it: the address (an IPv6 /64) first,
 * every request counted against it, then the store, spent only by what is about to be stored.
 */
const limits = { TRUST_PROXY: "1", SUBSCRIBE_LIMIT_PER_IP: "3", SUBSCRIBE_LIMIT_PER_STORE: "5" };

async function storedEmails(storeId: string): Promise<string[]> {
  const rows = await testDb()
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId));
  return rows.map((row) => row.email).sort();
}

describe.each([
  ["in memory (no REDIS_URL)", {}],
  ["in one Redis script", { REDIS_URL: TEST_REDIS_URL }],
])("storefront subscription limits, %s", (_, redisEnv) => {
  let app: AppServer | undefined;
  afterAll(async () => {
    await app?.stop();
  });

  it("counts the address first and always, the store only for what is stored, with Retry-After", async () => {
    const owner = await createOrganizationWithAdmin();
    const storeId = (await createStoreFor(owner.admin.id)).id;
    app = await startApp({ env: { ...limits, ...redisEnv } });
    const url = app.url;
    const subscribe = async (ip: string, body: unknown) => {
      const response = await fetch(`${url}/api/public/stores/${storeId}/subscribe`, {
        method: "POST",
        headers: { "X-Forwarded-For": ip, Origin: "https://shop.example.com" },
        body: JSON.stringify(body),
      });
      const retryAfter = Number(response.headers.get("retry-after") ?? 0);
      return { status: response.status, retryAfter };
    };
    const answers = [
      // One /64: two subscriptions and an invalid body use up its three turns (the first, its store not yet
      // in memory, counted once too); a fourth address of it and even an invalid body from a fifth get 429.
      await subscribe("2001:db8:1:2::2", { email: "a@acme.example" }),
      await subscribe("2001:db8:1:2::1", {}),
      await subscribe("2001:db8:1:2::3", { email: "b@acme.example" }),
      await subscribe("2001:db8:1:2:ffff::9", { email: "c@acme.example" }),
      await subscribe("2001:db8:1:2::4", {}),
      // Other addresses: the store's three remaining turns (the refused ones spent none), then 429.
      await subscribe("10.9.0.1", { email: "d@acme.example" }),
      await subscribe("10.9.0.2", { email: "e+1@acme.example" }),
      await subscribe("10.9.0.3", { email: "e+2@acme.example" }),
      await subscribe("10.9.0.4", { email: "g@acme.example" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 422, 200, 429, 429, 200, 200, 200, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await storedEmails(storeId)).toEqual([
      "a@acme.example",
      "b@acme.example",
      "d@acme.example",
      "e+1@acme.example",
      "e+2@acme.example",
    ]);
    if (!("REDIS_URL" in redisEnv)) return;
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const prefix = process.env.REDIS_PREFIX;
      expect(await redis.get(`${prefix}:rl:subscribe-ip:2001:db8:1:2::/64`)).toBe("5");
      // Counted by the six submissions that got as far as being stored: five stored, one refused.
      expect(await redis.get(`${prefix}:rl:subscribe-store:${storeId}`)).toBe("6");
      expect(await redis.get(`${prefix}:claim:inbox:${storeId}:e@acme.example`)).toBe("e+1@acme.example");
      expect(await redis.pttl(`${prefix}:claim:inbox:${storeId}:e@acme.example`)).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });
});
