import { data } from "react-router";
import type { z } from "zod";
import { invalid, invalidInput, malformed, tooLarge } from "~/server/domain-errors.server";
import { errorResponse } from "./errors.server";

/** The refusals of a body that cannot be read, shared with the storefront's Express endpoints. */
export const BODY_NOT_JSON = "Request body must be valid JSON";
export const BODY_TOO_LARGE = "Request body is too large";

/** 1 MiB is far above any form of the product; larger bodies are refused before parsing. */
const MAX_JSON_BYTES = 1024 * 1024;

/** Reads and validates a JSON body: malformed JSON is 400, a schema failure 422 with field messages. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const text = await readLimitedText(request);
  let body: unknown;
  try {
    body = text ? JSON.parse(text, wellFormed) : {};
  } catch {
    throw malformed(BODY_NOT_JSON);
  }
  if (containsNul(body)) throw invalid("Text must not contain NUL characters");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/**
 * A lone UTF-16 surrogate (`"\ud800"`) cannot be encoded as UTF-8: text columns would store U+FFFD anyway,
 * and a JSONB column refuses the whole value. Every string is made well-formed the same way on arrival.
 */
function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === "string" ? value.replace(/[\ud800-\udfff]/gu, "\ufffd") : value;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in a body (a value or a key) would fail the
 * INSERT with a 500. No field of the product has a use for it, so the whole body is refused up front.
 */
function containsNul(body: unknown): boolean {
  // A loop, not recursion: a body nested thousands deep must not overflow the stack.
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string" && value.includes("\0")) return true;
    if (value === null || typeof value !== "object") continue;
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\0")) return true;
      pending.push(item);
    }
  }
  return false;
}

async function readLimitedText(request: Request): Promise<string> {
  return (await readLimitedBytes(request, MAX_JSON_BYTES)).toString("utf8");
}

/** Reads the body, stopping as soon as it passes `limit` bytes (a huge body is never held whole). */
export async function readLimitedBytes(request: Request, limit: number): Promise<Buffer> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge(BODY_TOO_LARGE);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(BODY_TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function methodNotAllowed(allowed: string[]) {
  return data({ message: "Method not allowed" }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type RouteArgs = {
  request: Request;
  params: Record<string, string | undefined>;
  context: import("react-router").AppLoadContext;
};

/**
 * One resource route answering JSON per method: unknown methods get 405, failures `{message}` with the
 * status of their kind (app/http/errors.server.ts). A route module exports both halves:
 * `const { loader, action } = apiRoute({ GET: …, POST: … }); export { action, loader };` (React Router's
 * client build cannot strip a destructuring `export const`).
 */
export function apiRoute(handlers: Partial<Record<Method, (args: RouteArgs) => Promise<unknown>>>) {
  const handle = async (args: RouteArgs) => {
    try {
      const handler = handlers[args.request.method as Method];
      return await (handler ? handler(args) : methodNotAllowed(Object.keys(handlers)));
    } catch (error) {
      return errorResponse(error);
    }
  };
  return { loader: handle, action: handle };
}
