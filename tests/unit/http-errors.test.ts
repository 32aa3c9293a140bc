import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isDatabaseBusy } from "~/db/errors.server";
import { errorBody, errorHeaders, errorResponse, statusOf } from "~/http/errors.server";
import {
  conflict,
  type DomainError,
  forbidden,
  gone,
  invalid,
  invalidInput,
  isPermanent,
  malformed,
  notFound,
  rateLimited,
  refused,
  tooLarge,
  unauthorized,
  unavailable,
  upstreamFailed,
} from "~/server/domain-errors.server";

describe("the HTTP status of each kind of refusal", () => {
  it.each<[DomainError, number]>([
    [malformed("Request body must be valid JSON"), 400],
    [refused("You cannot change or delete your own account"), 400],
    [unauthorized(), 401],
    [forbidden(), 403],
    [notFound("Store not found"), 404],
    [conflict("An account with this email already exists"), 409],
    [gone("This install script was replaced"), 410],
    [tooLarge("Request body is too large"), 413],
    [invalid("Add an access token first"), 422],
    [rateLimited("Too many attempts", 60), 429],
    [upstreamFailed("Shopify answered: Internal error"), 502],
    [unavailable("Shopify is rate limiting requests; try again shortly"), 503],
  ])("%s → %i", (error, status) => {
    expect(statusOf(error)).toBe(status);
  });
});

describe("the JSON a client sees", () => {
  it("is the message alone for a plain refusal", () => {
    expect(errorBody(notFound("Store not found"))).toEqual({ message: "Store not found" });
    expect(errorBody(unauthorized())).toEqual({ message: "Authentication required" });
  });

  it("lists every message of every field, the first one as the summary", () => {
    const schema = z.object({ email: z.email("Invalid email"), name: z.string().min(2, "Too short") });
    const parsed = schema.safeParse({ email: "nope", name: "" });
    if (parsed.success) throw new Error("the input should be refused");
    expect(errorBody(invalidInput(parsed.error))).toEqual({
      message: "Invalid email",
      errors: { email: ["Invalid email"], name: ["Too short"] },
    });
  });

  it("keeps the storefront's one message per field", () => {
    expect(errorBody(invalid("Name is required", { name: "Name is required" }))).toEqual({
      message: "Name is required",
      errors: { name: "Name is required" },
    });
  });

  it("says how long to wait when rate limited, in the body and in Retry-After", () => {
    const error = rateLimited("Too many attempts. Try again later.", 42);
    expect(errorBody(error)).toEqual({ message: "Too many attempts. Try again later.", retryAfter: 42 });
    expect(errorHeaders(error)).toEqual({ "Retry-After": "42" });
  });

  it("closes the connection after a body that was too large", () => {
    expect(errorHeaders(tooLarge("Request body is too large"))).toEqual({ Connection: "close" });
    expect(errorHeaders(forbidden())).toEqual({});
  });

  it("is one response for React Router routes, with the status and headers", () => {
    const response = errorResponse(rateLimited("Slow down", 5));
    expect(response.data).toEqual({ message: "Slow down", retryAfter: 5 });
    expect(response.init?.status).toBe(429);
    expect(new Headers(response.init?.headers).get("Retry-After")).toBe("5");
  });

  it("lets a thrown Response (a redirect) go on", () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    let thrown: unknown;
    try {
      errorResponse(redirect);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(redirect);
  });
});

describe("a failure to get a database connection (answered 503, not 500)", () => {
  /** What pg throws when PostgreSQL refuses the connection, as Drizzle wraps it. */
  const refusal = (code: string) =>
    new Error("Failed query", { cause: Object.assign(new Error("refused"), { code }) });

  it("is the pool's wait running out", () => {
    expect(isDatabaseBusy(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("is PostgreSQL at max_connections, or starting up", () => {
    expect(isDatabaseBusy(refusal("53300"))).toBe(true);
    expect(isDatabaseBusy(refusal("57P03"))).toBe(true);
  });

  it("is not any other database error", () => {
    expect(isDatabaseBusy(refusal("23505"))).toBe(false);
    expect(isDatabaseBusy(new Error("Connection terminated unexpectedly"))).toBe(false);
  });
});

describe("which failures a job retries", () => {
  it("retries a third party's failure or unavailability", () => {
    expect(isPermanent(upstreamFailed("Shopify answered: Internal error"))).toBe(false);
    expect(isPermanent(unavailable("Shopify is rate limiting requests"))).toBe(false);
  });

  it("retries anything that is not a refusal (a dropped connection, a bug)", () => {
    expect(isPermanent(new Error("ECONNRESET"))).toBe(false);
    expect(isPermanent(undefined)).toBe(false);
  });

  it("gives up on a refusal a retry cannot change", () => {
    for (const error of [unauthorized(), forbidden(), notFound(), invalid("Invalid"), refused("No")])
      expect(isPermanent(error), error.kind).toBe(true);
  });
});
