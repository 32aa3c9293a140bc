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

describe("ttlCache under concurrent requests", () => {
  it("loads a key once for every caller that asks while the load is under way", async () => {
    const cache = ttlCache<string>(5_000, () => 0);
    const source = counter();
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.remember("store", source.load)));
    expect(new Set(answers)).toEqual(new Set(["value 1"]));
    expect(source.loads).toBe(1);
  });

  it("shares a failure with the callers that waited on it, then loads again", async () => {
    const cache = ttlCache<string>(5_000, () => 0);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error("down");
    };
    const waiting = [cache.remember("store", failing), cache.remember("store", failing)];
    await expect(Promise.all(waiting)).rejects.toThrow("down");
    expect(calls).toBe(1);
    expect(await cache.remember("store", async () => "up")).toBe("up");
  });

  it("does not keep a load that forget overtook, and loads again for the callers after it", async () => {
    const cache = ttlCache<string>(5_000, () => 0);
    let release: (value: string) => void = () => {};
    const before = cache.remember("store", () => new Promise<string>((resolve) => (release = resolve)));
    cache.forget("store");
    const after = cache.remember("store", async () => "after the change");
    release("before the change");
    expect(await before).toBe("before the change");
    expect(await after).toBe("after the change");
    expect(await cache.remember("store", async () => "unused")).toBe("after the change");
  });
});
