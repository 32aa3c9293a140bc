/**
 * A few seconds of memory in front of the database for what every storefront request or email reads
 * about a store. Per process: `forget` clears this process's entry at once; other processes see a
 * change within the TTL.
 */
export type TtlCache<V> = {
  /** The value while it is fresh; otherwise `load`'s, kept when it is not undefined (a throw keeps nothing). */
  remember<R extends V | undefined>(key: string, load: () => Promise<R>): Promise<V | R>;
  /** Whether `remember` would answer from memory now, without loading. */
  holds(key: string): boolean;
  forget(key: string): void;
};

export function ttlCache<V>(ttlMs: number, now: () => number = Date.now): TtlCache<V> {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    async remember(key, load) {
      const cached = entries.get(key);
      if (cached && cached.expires > now()) return cached.value;
      const value = await load();
      if (value !== undefined) entries.set(key, { value, expires: now() + ttlMs });
      return value;
    },
    holds(key) {
      const cached = entries.get(key);
      return cached !== undefined && cached.expires > now();
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
