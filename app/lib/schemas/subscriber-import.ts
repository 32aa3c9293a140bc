import { z } from "zod";
import { IMPORT_MEANING_KEYS, type ImportMeaning } from "~/lib/subscriber-import/meanings";
import type { ImportVendor } from "~/lib/subscriber-import/vendors";

/** The longest mapping a URL carries: far above a file's imported columns, far below a header's limit. */
export const MAX_MAPPING_CHARS = 8_000;

const mappingSchema = z.record(
  z.string().max(500, { error: "A column name in the mapping is longer than 500 characters" }),
  z.enum(IMPORT_MEANING_KEYS as [ImportMeaning, ...ImportMeaning[]], {
    error: (issue) =>
      `The mapping gives a column an unknown meaning${typeof issue.input === "string" ? ` "${issue.input.slice(0, 60)}"` : ""}: use one of ${IMPORT_MEANING_KEYS.join(", ")}`,
  }),
);

/** A JSON object in the query, { "column header": "meaning" }; malformed JSON is a 422 with a clear message. */
const mappingParameter = z
  .string()
  .max(MAX_MAPPING_CHARS, { error: `The mapping is longer than ${MAX_MAPPING_CHARS} characters` })
  .transform((text, context) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      context.addIssue({
        code: "custom",
        message: 'The mapping must be a JSON object: {"Column": "email", …}',
      });
      return z.NEVER;
    }
    const mapping = mappingSchema.safeParse(parsed);
    if (!mapping.success) {
      const message =
        parsed === null || typeof parsed !== "object" || Array.isArray(parsed)
          ? 'The mapping must be a JSON object: {"Column": "email", …}'
          : (mapping.error.issues[0]?.message ?? "The mapping is not valid");
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return mapping.data;
  });

/**
 * POST /api/stores/:storeId/subscribers/import?welcome=true&fileName=…&mapping=…&importId=…
 * - welcome: new subscribed addresses get the welcome email;
 * - fileName: the file's name, kept as the source of the consent;
 * - mapping: each imported column's meaning (without it, the columns are guessed from their headers);
 * - importId: an id the caller chooses, to follow the import's progress while it runs.
 */
export const subscriberImportQuerySchema = z.object({
  welcome: z.enum(["true", "false"], { error: "welcome must be true or false" }).default("false"),
  fileName: z.string().trim().max(255, { error: "The file name is longer than 255 characters" }).optional(),
  mapping: mappingParameter.optional(),
  importId: z.uuid({ error: "importId must be a UUID" }).optional(),
});

export type ImportMapping = Record<string, ImportMeaning>;

/** The size a CSV import may have: a larger file is refused (413) and nothing of it is written. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 1_000_000;
/** Rows refused are listed up to this many; `errorCount` counts them all. So are the rows of each list. */
export const MAX_IMPORT_ERRORS_LISTED = 100;

/** A row of the file that did not become an active subscriber, and why. */
export type ImportReportRow = { line: number; email: string; detail: string };

/** What an import answers: `line` is the line of the file a refused record starts on. */
export type SubscriberImportSummary = {
  importId: string;
  fileName: string;
  vendor: ImportVendor;
  /**
   * Where consent was read: the columns whose values decided it, and what the file as a whole says (Mailchimp
   * exports one file per section). Neither: the file carried no consent and its rows are subscribed on the
   * merchant's word.
   */
  consent: { columns: string[]; fileSays: "subscribed" | "not_subscribed" | null };
  /** New addresses, subscribed. */
  added: number;
  /** New addresses recorded as not subscribed, because the file says they did not consent or left. */
  notSubscribed: number;
  /**
   * Addresses on the list the file's opt-out unsubscribed (it was later than their consent, or their consent's
   * time is unknown), and addresses an earlier import had made not subscribed (without an opt-out of theirs)
   * that the file's opt-in subscribed (docs/decisions/209).
   */
  unsubscribedByFile: number;
  subscribedByFile: number;
  updated: number;
  skipped: number;
  /** Rows repeating an address an earlier row of the file had (skipped). */
  repeated: number;
  /** Rows whose address was on the list before (updated or skipped), status changes included. */
  alreadyOnList: number;
  errors: { line: number; reason: string }[];
  errorCount: number;
  ignoredColumns: string[];
  /** The CSV files read: the upload itself, or each CSV of a ZIP (Mailchimp's audience export). */
  files: { name: string; vendor: ImportVendor }[];
  /** The first rows of each kind; the downloadable report lists them all, with the refused rows. */
  notSubscribedRows: ImportReportRow[];
  duplicateRows: ImportReportRow[];
  existingRows: ImportReportRow[];
  reportRows: number;
};

/**
 * GET /api/stores/:storeId/subscribers/imports/:importId: how far a running import is, or what it did; "waiting"
 * while the server knows nothing of it yet (an upload whose request has not reached the import).
 */
export type SubscriberImportStatus =
  | { state: "waiting" }
  | { state: "receiving" | "writing"; rowsRead: number; bytesRead: number; totalBytes: number | null }
  | { state: "finished"; summary: SubscriberImportSummary };
