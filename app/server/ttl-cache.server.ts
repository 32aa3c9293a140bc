/**
 * A few seconds of memory in front of the database for what every storefront request or email reads
 * about a store. Per process: `forget` clears this process's entry at once; other processes see a
 * change within the TTL.
 */
export type TtlCache<V> = {
  /**
   * The value while it is fresh; otherwise `load`'s, kept when it is not undefined (a throw keeps nothing).
   * Callers that find no fresh value while a load of the key is under way share that load's answer.
   */
  remember<R extends V | undefined>(key: string, load: () => Promise<R>): Promise<V | R>;
  /** Whether `remember` would answer from memory now, without loading. */
  holds(key: string): boolean;
  forget(key: string): void;
};

export function ttlCache<V>(ttlMs: number, now: () => number = Date.now): TtlCache<V> {
  const entries = new Map<string, { value: V; expires: number }>();
  // One load per key at a time: when an entry expires under load, the requests waiting on it would otherwise
  // each read the database (hundreds of identical reads at every expiry).
  const loading = new Map<string, Promise<V | undefined>>();

  function startLoad(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const pending = load().then(
      (value) => {
        // A load that `forget` overtook read what was there before the change: it is answered, not kept.
        if (loading.get(key) !== pending) return value;
        loading.delete(key);
        if (value !== undefined) entries.set(key, { value, expires: now() + ttlMs });
        return value;
      },
      (error: unknown) => {
        if (loading.get(key) === pending) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
    return pending;
  }

  return {
    async remember<R extends V | undefined>(key: string, load: () => Promise<R>) {
      const cached = entries.get(key);
      if (cached && cached.expires > now()) return cached.value;
      return (await (loading.get(key) ?? startLoad(key, load))) as V | R;
    },
    holds(key) {
      const cached = entries.get(key);
      return cached !== undefined && cached.expires > now();
    },
    forget(key) {
      entries.delete(key);
      loading.delete(key);
    },
  };
}
