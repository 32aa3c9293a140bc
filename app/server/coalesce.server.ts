/**
 * Batches calls into one `flush` of everything asked for meanwhile: the first call flushes on the next
 * microtask, and calls made while a flush runs are flushed together once it ends. Each call resolves (or
 * rejects) with the flush that carried its item. One statement for a burst, rather than one per item.
 */
export function coalesced<T>(flush: (items: T[]) => Promise<unknown>): (item: T) => Promise<void> {
  let queued: T[] = [];
  let scheduled: Promise<void> | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  return (item) => {
    queued.push(item);
    if (!scheduled) {
      scheduled = previous
        .catch(() => undefined)
        .then(async () => {
          const items = queued;
          queued = [];
          scheduled = null;
          await flush(items);
        });
      previous = scheduled;
    }
    return scheduled;
  };
}
