import type { Response as ExpressResponse } from "express";
import { data } from "react-router";
import { isDatabaseBusy } from "~/db/errors.server";
import { DomainError, type ErrorKind, type FieldErrors, unavailable } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";

/** The one mapping of domain errors to HTTP, for the React Router routes and the Express routers alike. */
const STATUS: Record<ErrorKind, number> = {
  malformed: 400,
  refused: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  "too-large": 413,
  invalid: 422,
  "rate-limited": 429,
  "upstream-failed": 502,
  unavailable: 503,
};

/** The JSON every failing /api call answers: `{message}`, with field messages or a wait when there are some. */
export type ErrorBody = { message: string; errors?: FieldErrors; retryAfter?: number };

/** What a client sees when something failed that it cannot act on; the details go to the log only. */
const UNEXPECTED: ErrorBody = { message: "Something went wrong. Please try again." };

export function statusOf(error: DomainError): number {
  return STATUS[error.kind];
}

export function errorBody(error: DomainError): ErrorBody {
  const { fieldErrors, retryAfterSeconds } = error.details;
  return {
    message: error.message,
    ...(fieldErrors && { errors: fieldErrors }),
    ...(retryAfterSeconds !== undefined && { retryAfter: retryAfterSeconds }),
  };
}

export function errorHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.details.retryAfterSeconds !== undefined)
    headers["Retry-After"] = String(error.details.retryAfterSeconds);
  // The unread rest of an oversized body would corrupt a reused connection: close it instead.
  if (error.kind === "too-large") headers.Connection = "close";
  return headers;
}

const DATABASE_BUSY = "The service is busy right now. Please try again in a few seconds.";

/**
 * The failure as what the client is told: a domain error as it is; no database connection (every pooled one
 * busy for DATABASE_POOL_WAIT_MS, or PostgreSQL refusing new ones) as 503 with Retry-After (an overloaded
 * server, not a broken one); otherwise none.
 */
function domainErrorOf(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (isDatabaseBusy(error))
    return unavailable(DATABASE_BUSY, Math.max(1, Math.ceil(env().DATABASE_POOL_WAIT_MS / 1000)));
  return undefined;
}

/**
 * A React Router API route's failure as JSON: a domain error keeps its status, anything else is a logged 500.
 * A thrown Response (a redirect, Shopify's own answer) goes on as it is.
 */
export function errorResponse(error: unknown) {
  if (error instanceof Response) throw error;
  const known = domainErrorOf(error);
  if (known) return data(errorBody(known), { status: statusOf(known), headers: errorHeaders(known) });
  logger().error({ err: error }, "unhandled error in API route");
  return data(UNEXPECTED, { status: 500 });
}

/** A failure as the JSON answer it gets: a domain error as it is, anything else a 500 logged as `logMessage`. */
export function failureAnswer(
  error: unknown,
  logMessage: string,
): { status: number; headers: Record<string, string>; body: ErrorBody } {
  const known = domainErrorOf(error);
  if (known) return { status: statusOf(known), headers: errorHeaders(known), body: errorBody(known) };
  logger().error({ err: error }, logMessage);
  return { status: 500, headers: {}, body: UNEXPECTED };
}

/** An Express router's failure as the same JSON; anything but a domain error is logged as `logMessage`. */
export function sendError(res: ExpressResponse, error: unknown, logMessage = "request failed"): void {
  if (error instanceof Response) {
    sendFetchResponse(res, error);
    return;
  }
  const { status, headers, body } = failureAnswer(error, logMessage);
  res.set(headers).status(status).json(body);
}

/** A thrown Response (Shopify's answer to a refused session token) goes out as it is, headers and all. */
function sendFetchResponse(res: ExpressResponse, response: Response): void {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    res.append(name, value);
  });
  response
    .arrayBuffer()
    .then((body) => res.end(Buffer.from(body)))
    .catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
}

/**
 * A screen's failure as the error page with its status (a store that is unknown or another organization's:
 * 404); React Router would answer 500 to anything thrown that is not a response.
 */
export function errorPage(error: unknown): unknown {
  const known = domainErrorOf(error);
  return known ? data(known.message, { status: statusOf(known), headers: errorHeaders(known) }) : error;
}
