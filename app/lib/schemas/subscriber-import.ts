import { z } from "zod";

/** POST /api/stores/:storeId/subscribers/import?welcome=true: imported subscribers get the welcome email. */
export const subscriberImportQuerySchema = z.object({
  welcome: z.enum(["true", "false"], { error: "welcome must be true or false" }).default("false"),
});

/** The size a CSV import may have: a larger file is refused (413) and nothing of it is written. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 1_000_000;
/** Rows refused are listed up to this many; `errorCount` counts them all. */
export const MAX_IMPORT_ERRORS_LISTED = 100;

/** What an import answers: `line` is the line of the file a refused record starts on. */
export type SubscriberImportSummary = {
  added: number;
  updated: number;
  skipped: number;
  errors: { line: number; reason: string }[];
  errorCount: number;
  ignoredColumns: string[];
};
