import type { z } from "zod";

/**
 * What went wrong, in the product's words. Services say which kind; only app/http/errors.server.ts knows
 * which HTTP status each kind is, and jobs decide on retries from the kind (see isPermanent).
 */
export type ErrorKind =
  /** The request cannot be read at all (a body that is not JSON). */
  | "malformed"
  /** A rule refuses the request as asked (your own account, an expired reset link). */
  | "refused"
  /** Nobody is signed in, the credentials are wrong, or a third party refused ours. */
  | "unauthorized"
  | "forbidden"
  /** Unknown, or another organization's: the two are never told apart. */
  | "not-found"
  | "conflict"
  /** It existed and was retired on purpose (a replaced install script). */
  | "gone"
  | "too-large"
  /** The input breaks the rules of its form; field messages alongside. */
  | "invalid"
  | "rate-limited"
  /** A third party (Shopify, an SMTP server) answered with a failure. */
  | "upstream-failed"
  /** A third party cannot serve us right now (Shopify's rate limit, every database connection busy); later may work. */
  | "unavailable";

/**
 * Messages per field. The dashboard's API lists every message of a field; the storefront's popup shows one
 * message per field, so its subscribe errors carry a single string.
 */
export type FieldErrors = Readonly<Record<string, string | readonly string[]>>;

export type ErrorDetails = { fieldErrors?: FieldErrors; retryAfterSeconds?: number };

/** A failure a caller can act on. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Kinds a later attempt may get past: the third party's trouble, not ours or the input's. */
const RETRYABLE: ReadonlySet<ErrorKind> = new Set(["upstream-failed", "unavailable"]);

/** A refusal that a retry cannot change (a refused token, invalid input, a missing record). */
export function isPermanent(error: unknown): error is DomainError {
  return error instanceof DomainError && !RETRYABLE.has(error.kind);
}

export const malformed = (message: string) => new DomainError("malformed", message);
export const refused = (message: string) => new DomainError("refused", message);
export const unauthorized = (message = "Authentication required") => new DomainError("unauthorized", message);
export const forbidden = (message = "You don't have permission to do this") =>
  new DomainError("forbidden", message);
export const notFound = (message = "Not found") => new DomainError("not-found", message);
export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new DomainError("conflict", message, fieldErrors ? { fieldErrors } : {});
export const gone = (message: string) => new DomainError("gone", message);
export const tooLarge = (message: string) => new DomainError("too-large", message);
export const invalid = (message: string, fieldErrors?: FieldErrors) =>
  new DomainError("invalid", message, fieldErrors ? { fieldErrors } : {});
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError("rate-limited", message, { retryAfterSeconds });
export const upstreamFailed = (message: string) => new DomainError("upstream-failed", message);
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError("unavailable", message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

/** Invalid input with the first message as the summary and every field's messages alongside. */
export function invalidInput(error: z.ZodError): DomainError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return invalid(error.issues[0]?.message ?? "Invalid input", fieldErrors);
}
