import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SubscriptionRow } from "~/services/subscribers/subscription-insert.server";

/** What each statement was given: the rows' addresses, one list per statement. */
const statements: string[][] = [];

vi.mock("~/services/subscribers/subscription-insert.server", () => ({
  insertSubscriptions: async (rows: SubscriptionRow[]) => {
    statements.push(rows.map((row) => row.lowerEmail as string));
    if (rows.some((row) => row.lowerEmail === "bad@shop.example")) throw new Error("constraint");
    if (rows.some((row) => row.lowerEmail === "busy@shop.example"))
      throw new Error("timeout exceeded when trying to connect");
    return new Map(rows.map((row, index) => [index, { id: `id-${row.lowerEmail}`, discountCodeSent: null }]));
  },
}));

const { insertSubscription } = await import("~/services/subscribers/subscription-batches.server");

const row = (email: string, storeId = "store-1") =>
  ({ storeId, lowerEmail: email }) as unknown as SubscriptionRow;

beforeEach(() => {
  statements.length = 0;
});

describe("the subscriptions of one turn", () => {
  it("share one statement, each answered with its own row", async () => {
    const answers = await Promise.all(
      ["a", "b", "c"].map((local) => insertSubscription(row(`${local}@shop.example`))),
    );
    expect(statements).toEqual([["a@shop.example", "b@shop.example", "c@shop.example"]]);
    expect(answers.map((answer) => answer?.id)).toEqual([
      "id-a@shop.example",
      "id-b@shop.example",
      "id-c@shop.example",
    ]);
  });

  it("start the next statement at the same store and address again, or at 100 rows", async () => {
    await Promise.all([
      insertSubscription(row("a@shop.example")),
      insertSubscription(row("a@shop.example", "store-2")),
      insertSubscription(row("a@shop.example")),
    ]);
    expect(statements).toEqual([["a@shop.example", "a@shop.example"], ["a@shop.example"]]);
    statements.length = 0;
    await Promise.all(
      Array.from({ length: 101 }, (_, index) => insertSubscription(row(`n${index}@shop.example`))),
    );
    expect(statements.map((rows) => rows.length)).toEqual([100, 1]);
  });

  it("are tried again one by one when their statement fails: only the bad row fails", async () => {
    const answers = await Promise.allSettled(
      ["a", "bad", "c"].map((local) => insertSubscription(row(`${local}@shop.example`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(statements).toEqual([
      ["a@shop.example", "bad@shop.example", "c@shop.example"],
      ["a@shop.example"],
      ["bad@shop.example"],
      ["c@shop.example"],
    ]);
  });

  it("fail together, without a try per row, when the database gave no connection", async () => {
    const answers = await Promise.allSettled(
      ["a", "busy", "c"].map((local) => insertSubscription(row(`${local}@shop.example`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(statements).toHaveLength(1);
  });
});
