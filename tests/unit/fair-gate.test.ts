import { describe, expect, it } from "vitest";
import { fairGate } from "~/server/fair-gate.server";

class TooMany extends Error {}
class TimedOut extends Error {}

function gate(turns: number, waitMs = 60_000) {
  return fairGate({
    turns,
    waitingPerTenant: 3,
    waitMs,
    tooMany: () => new TooMany(),
    timedOut: () => new TimedOut(),
  });
}

/** A piece of work that runs until `finish()` is called; `order` records when each one started. */
function pieces(order: string[]) {
  const finishers = new Map<string, () => void>();
  return {
    work: (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        finishers.set(name, () => resolve(name));
      }),
    finish: async (name: string) => {
      finishers.get(name)?.();
      // Let the gate hand the freed turn on before the next step looks.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe("fair gate", () => {
  it("gives a freed turn to the tenant waiting with the fewest turns, not to the first in line", async () => {
    const order: string[] = [];
    const { work, finish } = pieces(order);
    const fair = gate(2);
    const runs = [
      fair.run("big", work("big-1")),
      fair.run("big", work("big-2")),
      fair.run("big", work("big-3")),
      fair.run("big", work("big-4")),
      fair.run("small", work("small-1")),
    ];
    expect(order).toEqual(["big-1", "big-2"]);
    await finish("big-1");
    expect(order).toEqual(["big-1", "big-2", "small-1"]);
    await finish("small-1");
    await finish("big-2");
    await finish("big-3");
    await finish("big-4");
    expect(await Promise.all(runs)).toEqual(["big-1", "big-2", "big-3", "big-4", "small-1"]);
    expect(fair.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("takes turns between tenants that wait with equal turns, the one served longest ago first", async () => {
    const order: string[] = [];
    const { work, finish } = pieces(order);
    const fair = gate(1);
    const runs = [
      fair.run("a", work("a-1")),
      fair.run("a", work("a-2")),
      fair.run("a", work("a-3")),
      fair.run("b", work("b-1")),
      fair.run("c", work("c-1")),
    ];
    for (const name of ["a-1", "a-2", "b-1", "c-1", "a-3"]) await finish(name);
    await Promise.all(runs);
    expect(order).toEqual(["a-1", "a-2", "b-1", "c-1", "a-3"]);
  });

  it("refuses a tenant's work beyond what it may have waiting, and gives the turn back when work fails", async () => {
    const order: string[] = [];
    const { work, finish } = pieces(order);
    const fair = gate(1);
    const first = fair.run("a", work("a-1"));
    const waiting = [1, 2, 3].map((index) => fair.run("a", work(`a-w${index}`)));
    await expect(fair.run("a", work("a-refused"))).rejects.toBeInstanceOf(TooMany);
    await finish("a-1");
    await first;
    const failing = expect(
      fair.run("b", async () => {
        throw new Error("broken");
      }),
    ).rejects.toThrow("broken");
    for (const index of [1, 2, 3]) await finish(`a-w${index}`);
    await Promise.all(waiting);
    await failing;
    expect(fair.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses work that waited too long for a turn, and forgets it", async () => {
    const order: string[] = [];
    const { work, finish } = pieces(order);
    const fair = gate(1, 10);
    const first = fair.run("a", work("a-1"));
    await expect(fair.run("b", work("b-1"))).rejects.toBeInstanceOf(TimedOut);
    expect(fair.load()).toEqual({ running: 1, waiting: 0 });
    await finish("a-1");
    await first;
    expect(order).toEqual(["a-1"]);
  });
});
