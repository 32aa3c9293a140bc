/**
 * A fixed number of turns shared by tenants: work waits for a turn, and a freed turn goes to the waiting tenant
 * that holds the fewest turns, the one served longest ago among equals. One tenant with many pieces of work
 * therefore gets every turn while nobody else waits, and one turn in each round once others do.
 */
export type FairGate = {
  run: <T>(tenant: string, work: () => Promise<T>) => Promise<T>;
  /** Turns held and pieces of work waiting, for tests and the bench. */
  load: () => { running: number; waiting: number };
};

export type FairGateOptions = {
  turns: number;
  /** Pieces of work one tenant may have waiting; one more is refused at once. */
  waitingPerTenant: number;
  /** How long a piece of work waits for its turn before it is refused. */
  waitMs: number;
  /** The refusals, as the caller's domain errors. */
  tooMany: () => Error;
  timedOut: () => Error;
};

type Waiter = { start: () => void; timer: NodeJS.Timeout };

export function fairGate(options: FairGateOptions): FairGate {
  let running = 0;
  /** Turns held per tenant; a tenant is removed when it holds none and waits for none. */
  const held = new Map<string, number>();
  /** Waiting work per tenant, oldest first; Map order is the order tenants were last served in. */
  const queues = new Map<string, Waiter[]>();

  const forget = (tenant: string) => {
    if (!held.get(tenant) && !queues.has(tenant)) held.delete(tenant);
  };

  const nextTenant = (): string | undefined => {
    let chosen: string | undefined;
    for (const tenant of queues.keys()) {
      if (chosen === undefined || (held.get(tenant) ?? 0) < (held.get(chosen) ?? 0)) chosen = tenant;
    }
    return chosen;
  };

  const take = (tenant: string) => {
    running++;
    held.set(tenant, (held.get(tenant) ?? 0) + 1);
  };

  const give = (tenant: string) => {
    running--;
    held.set(tenant, (held.get(tenant) ?? 1) - 1);
    forget(tenant);
    const next = nextTenant();
    if (next === undefined) return;
    const queue = queues.get(next) ?? [];
    const waiter = queue.shift();
    // Served now: to the back of the order.
    queues.delete(next);
    if (queue.length > 0) queues.set(next, queue);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    take(next);
    waiter.start();
  };

  const wait = (tenant: string) =>
    new Promise<void>((resolve, reject) => {
      const queue = queues.get(tenant) ?? [];
      if (queue.length >= options.waitingPerTenant) {
        reject(options.tooMany());
        return;
      }
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          const left = (queues.get(tenant) ?? []).filter((other) => other !== waiter);
          if (left.length > 0) queues.set(tenant, left);
          else queues.delete(tenant);
          forget(tenant);
          reject(options.timedOut());
        }, options.waitMs),
      };
      queue.push(waiter);
      queues.set(tenant, queue);
    });

  return {
    async run(tenant, work) {
      if (running < options.turns && queues.size === 0) take(tenant);
      else await wait(tenant);
      try {
        return await work();
      } finally {
        give(tenant);
      }
    },
    load: () => ({
      running,
      waiting: [...queues.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
  };
}
