import os from "node:os";

/** One line of the result table: what was measured, the figure, the budget and whether it holds. */
export type Row = {
  measure: string;
  result: string;
  budget: string;
  /** true: within budget; false: missed; null: for reference only. */
  pass: boolean | null;
};

export type Machine = { cpu: string; cores: number; memoryGiB: number; node: string; platform: string };

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export function verdict(pass: boolean | null): string {
  if (pass === null) return "—";
  return pass ? "PASS" : "MISS";
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** A Markdown table: readable in a terminal and in the README alike. */
export function table(rows: Row[]): string {
  const header = ["Measure", "Result", "Budget", "Verdict"];
  const body = rows.map((row) => [row.measure, row.result, row.budget, verdict(row.pass)].map(cell));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

export function integer(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

export function fixed(value: number, digits = 1): string {
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
