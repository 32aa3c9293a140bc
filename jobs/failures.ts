import { HttpError } from "~/services/errors.server";

/** A payload that fails validation can never succeed: the caller must not retry it. */
export class InvalidJobPayload extends Error {}

/** Errors a retry cannot fix: a bad payload, or a 4xx answer (refused token, invalid input). */
export function isPermanentFailure(error: unknown): boolean {
  return error instanceof InvalidJobPayload || (error instanceof HttpError && error.status < 500);
}
