import { and, asc, eq, gt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscriberImportReport, subscriberImports } from "~/db/schema";
import { csvRow } from "~/lib/csv";
import { isUuid } from "~/lib/ids";
import type { SubscriberImportStatus } from "~/lib/schemas/subscriber-import";
import { notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { readImportProgress } from "./import-progress.server";

const NO_IMPORT = "No import with this id is running or was written for this store";

/**
 * The store's import by id, for whoever may import into the store and see its subscribers: what an import
 * did names them (the rows recorded as not subscribed, repeated or already on the list, in the summary and
 * the report), which is viewing subscribers (docs/decisions/032).
 */
async function requireImport(actor: Actor, storeId: string, importId: string | undefined) {
  authorize(actor, "manage_subscribers");
  authorize(actor, "view_subscribers");
  const store = await requireStore(actor, storeId);
  if (!isUuid(importId)) throw notFound(NO_IMPORT);
  return { store, importId };
}

/**
 * GET /api/stores/:storeId/subscribers/imports/:importId: how far a running import is (rows read, bytes of
 * the file read), or, once written, what it did. An id with neither is "waiting": the screen asks as soon as
 * its upload is sent, which can be before the server has started the import, and a refused import leaves
 * nothing, so the two look the same.
 */
export async function importStatus(
  actor: Actor,
  storeId: string,
  importId: string | undefined,
): Promise<SubscriberImportStatus> {
  const target = await requireImport(actor, storeId, importId);
  const running = await readImportProgress(target.store.id, target.importId);
  if (running) return running;
  const [written] = await db()
    .select({ summary: subscriberImports.summary })
    .from(subscriberImports)
    .where(and(eq(subscriberImports.id, target.importId), eq(subscriberImports.storeId, target.store.id)));
  if (!written?.summary) return { state: "waiting" };
  return { state: "finished", summary: written.summary };
}

const REPORT_PAGE = 5_000;
const OUTCOME_WORDS: Record<string, string> = {
  not_subscribed: "Recorded as not subscribed",
  duplicate: "Skipped: repeated in the file",
  existing: "Already on the list",
  refused: "Refused",
};

/**
 * GET /api/stores/:storeId/subscribers/imports/:importId/report.csv: every line of the file that did not
 * become an active subscriber, with what happened and why, read a page at a time.
 */
export async function importReportCsv(
  actor: Actor,
  storeId: string,
  importId: string | undefined,
): Promise<{ fileName: string; rows: AsyncGenerator<string> }> {
  const target = await requireImport(actor, storeId, importId);
  const [written] = await db()
    .select({ fileName: subscriberImports.fileName })
    .from(subscriberImports)
    .where(and(eq(subscriberImports.id, target.importId), eq(subscriberImports.storeId, target.store.id)));
  if (!written) throw notFound(NO_IMPORT);
  const base = written.fileName.replace(/\.csv$/i, "").replace(/[^\w.-]+/g, "-") || "import";
  return { fileName: `${base}-report.csv`, rows: reportLines(target.importId) };
}

async function* reportLines(importId: string): AsyncGenerator<string> {
  yield csvRow(["Line", "Email", "Outcome", "Why"]);
  let after = 0;
  for (;;) {
    const page = await db()
      .select()
      .from(subscriberImportReport)
      .where(and(eq(subscriberImportReport.importId, importId), gt(subscriberImportReport.line, after)))
      .orderBy(asc(subscriberImportReport.line))
      .limit(REPORT_PAGE);
    yield page
      .map((row) => csvRow([row.line, row.email, OUTCOME_WORDS[row.outcome] ?? row.outcome, row.detail]))
      .join("");
    const last = page.at(-1);
    if (!last || page.length < REPORT_PAGE) return;
    after = last.line;
  }
}
