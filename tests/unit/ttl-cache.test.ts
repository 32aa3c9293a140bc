import { describe, expect, it } from "vitest";
import { ttlCache } from "~/server/ttl-cache.server";

function counter() {
  let loads = 0;
  return {
    load: async () => `value ${++loads}`,
    get loads() {
      return loads;
    },
  };
}

describe("ttlCache", () => {
  it("reads once within the TTL and again after it", async () => {
    let now = 1_000;
    const cache = ttlCache<string>(5_000, () => now);
    const source = counter();
    expect(await cache.remember("store", source.load)).toBe("value 1");
    now += 4_999;
    expect(await cache.remember("store", source.load)).toBe("value 1");
    now += 1;
    expect(await cache.remember("store", source.load)).toBe("value 2");
    expect(source.loads).toBe(2);
  });

  it("tells whether it holds a fresh value, without loading one", async () => {
    let now = 1_000;
    const cache = ttlCache<string>(5_000, () => now);
    expect(cache.holds("store")).toBe(false);
    await cache.remember("store", async () => "value");
    expect(cache.holds("store")).toBe(true);
    now += 5_000;
    expect(cache.holds("store")).toBe(false);
  });

  it("keeps one entry per key, and forgets one at once", async () => {
    const cache = ttlCache<string>(5_000, () => 0);
    const source = counter();
    await cache.remember("a", source.load);
    await cache.remember("b", source.load);
    cache.forget("a");
    expect(await cache.remember("a", source.load)).toBe("value 3");
    expect(await cache.remember("b", source.load)).toBe("value 2");
  });

  it("keeps neither a missing value nor a failure", async () => {
    const cache = ttlCache<string>(5_000, () => 0);
    expect(await cache.remember("gone", async () => undefined)).toBeUndefined();
    await expect(cache.remember("broken", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.remember("gone", async () => "back")).toBe("back");
    expect(await cache.remember("broken", async () => "up")).toBe("up");
  });
});
