import { format } from "node:util";
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";

/** Any console.error during a test fails that test (it usually means a React or app warning). */
const calls: string[] = [];
let spy: MockInstance | undefined;

beforeEach(() => {
  calls.length = 0;
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(format(...args));
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.join("\n---\n")}`);
  }
});
