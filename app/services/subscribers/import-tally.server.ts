import {
  type ImportReportRow,
  MAX_IMPORT_ERRORS_LISTED,
  type SubscriberImportSummary,
} from "~/lib/schemas/subscriber-import";
import type { RowOutcome } from "./import-batch.server";
import type { ImportRow } from "./import-rows.server";

type ReportEntry = ImportReportRow & { outcome: "not_subscribed" | "duplicate" | "existing" | "refused" };

/**
 * An import's counts and report as its rows are read and written: the summary the screen shows, and the report
 * rows (every line that did not become an active subscriber) waiting to be written with the next batch.
 */
export class ImportTally {
  readonly summary: SubscriberImportSummary;
  private pending: ReportEntry[] = [];

  constructor(importId: string, fileName: string) {
    this.summary = {
      importId,
      fileName,
      vendor: "generic",
      consent: { columns: [], fileSays: null },
      added: 0,
      notSubscribed: 0,
      unsubscribedByFile: 0,
      subscribedByFile: 0,
      updated: 0,
      skipped: 0,
      repeated: 0,
      alreadyOnList: 0,
      errors: [],
      errorCount: 0,
      ignoredColumns: [],
      files: [],
      notSubscribedRows: [],
      duplicateRows: [],
      existingRows: [],
      reportRows: 0,
    };
  }

  /** The report rows noted since the last call, to be written with the batch. */
  takeReport(): ReportEntry[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** A line that is no subscriber at all (no address, a bad one), with why. */
  refused(line: number, email: string, reason: string): void {
    this.summary.errorCount++;
    if (this.summary.errors.length < MAX_IMPORT_ERRORS_LISTED) this.summary.errors.push({ line, reason });
    this.note({ line, email, outcome: "refused", detail: reason });
  }

  /** A later line of the file with an address an earlier line had (the first wins). */
  repeated(row: ImportRow, firstLine: number): void {
    this.summary.skipped++;
    this.summary.repeated++;
    this.note({
      line: row.line,
      email: row.email,
      outcome: "duplicate",
      detail: `Same address as line ${firstLine}`,
    });
  }

  /** One written row, and the report row when it did not become a new active subscriber. */
  written(row: ImportRow, outcome: RowOutcome | undefined): void {
    const { summary } = this;
    const at = { line: row.line, email: row.email };
    switch (outcome?.kind) {
      case "added":
        summary.added++;
        return;
      case "notSubscribed":
        summary.notSubscribed++;
        this.note({
          ...at,
          outcome: "not_subscribed",
          detail: `Not subscribed: ${row.consentSaid ?? "the file says so"}`,
        });
        return;
      case "existing": {
        summary.alreadyOnList++;
        if (outcome.change === "unsubscribed") summary.unsubscribedByFile++;
        if (outcome.change === "subscribed") summary.subscribedByFile++;
        if (outcome.filled || outcome.change !== "kept") summary.updated++;
        else summary.skipped++;
        this.note({ ...at, outcome: "existing", detail: existingDetail(row, outcome) });
        return;
      }
      default:
        summary.skipped++;
        summary.repeated++;
        this.note({ ...at, outcome: "duplicate", detail: "Same address as an earlier line of the file" });
    }
  }

  private note(entry: ReportEntry): void {
    this.pending.push(entry);
    this.summary.reportRows++;
    const list =
      entry.outcome === "not_subscribed"
        ? this.summary.notSubscribedRows
        : entry.outcome === "duplicate"
          ? this.summary.duplicateRows
          : entry.outcome === "existing"
            ? this.summary.existingRows
            : undefined;
    if (list && list.length < MAX_IMPORT_ERRORS_LISTED)
      list.push({ line: entry.line, email: entry.email, detail: entry.detail });
  }
}

/** Why an address already on the list has the status it has after the row (docs/decisions/209). */
function existingDetail(row: ImportRow, outcome: Extract<RowOutcome, { kind: "existing" }>): string {
  switch (outcome.change) {
    case "unsubscribed":
      return `Already on the list: unsubscribed by the file (${row.consentSaid})`;
    case "subscribed":
      return `Already on the list as not subscribed by an earlier import: subscribed by the file (${row.consentSaid})`;
    case "recorded":
      return `Already on the list as not subscribed: the file's opt-out is recorded (${row.consentSaid})`;
    default: {
      const filled = outcome.filled
        ? "Already on the list: its empty fields were filled"
        : "Already on the list: nothing to fill";
      const kept = keptBecause(row, outcome);
      return kept ? `${filled}; ${kept}` : filled;
    }
  }
}

function keptBecause(row: ImportRow, outcome: Extract<RowOutcome, { kind: "existing" }>): string | null {
  if (outcome.wasActive) {
    if (row.evidence === "optedOut")
      return `it stays subscribed: they subscribed here on ${outcome.consentedAt.toISOString().slice(0, 10)}, after the file's opt-out (${row.consentSaid})`;
    if (!row.subscribed) return `it stays subscribed here, though the file says ${row.consentSaid}`;
    return null;
  }
  if (outcome.unsubscribeSource === "subscriber")
    return "it stays unsubscribed: they unsubscribed themselves";
  if (outcome.unsubscribeSource === "import_opt_out" && row.evidence === "optedIn")
    return "it stays unsubscribed: an opt-out later than the file's opt-in is on record";
  return "it stays unsubscribed";
}
