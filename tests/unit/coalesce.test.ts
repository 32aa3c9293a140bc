import { describe, expect, it } from "vitest";
import { coalesced } from "~/server/coalesce.server";

describe("coalesced", () => {
  it("flushes the calls of one tick together, and those made during a flush in the next one", async () => {
    const flushes: number[][] = [];
    let release = () => {};
    const add = coalesced(async (items: number[]) => {
      flushes.push(items);
      if (flushes.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = [add(1), add(2)];
    await Promise.resolve();
    await Promise.resolve();
    const second = [add(3), add(4), add(5)];
    expect(flushes).toEqual([[1, 2]]);
    release();
    await Promise.all([...first, ...second]);
    expect(flushes).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it("rejects the calls of a failed flush only, and flushes later calls", async () => {
    let fail = true;
    const add = coalesced(async () => {
      if (fail) throw new Error("down");
    });
    await expect(add("a")).rejects.toThrow("down");
    fail = false;
    await expect(add("b")).resolves.toBeUndefined();
  });
});
