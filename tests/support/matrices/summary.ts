import { afterAll } from "vitest";

/**
 * One line per suite, printed after its tests, so the figures read at a glance in `npm test`:
 * `authorization matrix: 172 cells tried, 172 passed`. `line` builds the text from the counts.
 */
export type Tally = {
  /** Counts one attempt; call `passed()` once it met every expectation. */
  tried: (count?: number) => void;
  passed: (count?: number) => void;
  /** Adds to a named figure (e.g. "5xx"), shown by `line`. */
  add: (figure: string, count?: number) => void;
};

export type TallyCounts = { tried: number; passed: number; figures: Map<string, number> };

const format = (count: number) => count.toLocaleString("en-US");

export function printSummary(
  line: (counts: TallyCounts, format: (count: number) => string) => string,
): Tally {
  const counts: TallyCounts = { tried: 0, passed: 0, figures: new Map() };
  afterAll(() => {
    // biome-ignore lint/suspicious/noConsole: the suite's summary line is meant for the test output.
    console.log(line(counts, format));
  });
  return {
    tried: (count = 1) => {
      counts.tried += count;
    },
    passed: (count = 1) => {
      counts.passed += count;
    },
    add: (figure, count = 1) => {
      counts.figures.set(figure, (counts.figures.get(figure) ?? 0) + count);
    },
  };
}
