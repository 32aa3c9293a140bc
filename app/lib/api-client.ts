/**
 * A server value as a screen holds it: a Date stays a Date through a route loader, but arrives as an
 * ISO string from the JSON API, so a component fed by both takes either.
 */
export type Received<T> = T extends Date
  ? Date | string
  : T extends readonly (infer Item)[]
    ? Received<Item>[]
    : T extends object
      ? { [K in keyof T]: Received<T[K]> }
      : T;

/** SPEC §8: a non-OK response raises an error whose message is "status: body" (or the status text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `message` field when the body was JSON. */
    readonly serverMessage: string | undefined,
    /** The server's per-field messages (a 422's `errors`), for the form to show on its fields. */
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/**
 * Marks a call as the app's own. A cross-site link or form cannot set a header, and a cross-site script may
 * only with a CORS preflight the app never grants: the server requires it where a GET changes state.
 */
export const APP_FETCH_HEADER = { name: "X-Requested-With", value: "newsletter-popup" } as const;

/** SPEC §7: every call sends cookies and JSON; a JSON answer is parsed, otherwise the text is returned. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    [APP_FETCH_HEADER.name]: APP_FETCH_HEADER.value,
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    const { message, errors } = readFailure(text);
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      message,
      errors,
    );
  }
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return (isJson && text ? JSON.parse(text) : text) as T;
}

function readFailure(text: string): { message?: string; errors?: Record<string, string[]> } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object") return {};
    const message = "message" in parsed && typeof parsed.message === "string" ? parsed.message : undefined;
    const errors =
      "errors" in parsed && parsed.errors && typeof parsed.errors === "object"
        ? (parsed.errors as Record<string, string[]>)
        : undefined;
    return { message, errors };
  } catch {
    // not JSON: the caller falls back to its own message
    return {};
  }
}

/** The message a failure toast shows: the server's own message, or the screen's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
