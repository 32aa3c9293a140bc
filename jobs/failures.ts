import { isPermanent } from "~/server/domain-errors.server";

/** A payload that fails validation can never succeed: the caller must not retry it. */
export class InvalidJobPayload extends Error {}

/** Errors a retry cannot fix: a bad payload, or a permanent refusal (refused token, invalid input). */
export function isPermanentFailure(error: unknown): boolean {
  return error instanceof InvalidJobPayload || isPermanent(error);
}
