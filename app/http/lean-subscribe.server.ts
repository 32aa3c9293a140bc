import type http from "node:http";
import type { Express } from "express";
import { malformed, tooLarge } from "~/server/domain-errors.server";
import { failureAnswer } from "./errors.server";
import { clientHop, forwardedHops, type TrustHop } from "./forwarded-for.server";
import { BODY_NOT_JSON, BODY_TOO_LARGE } from "./json.server";
import { STOREFRONT_CORS_HEADERS } from "./public.server";
import { STOREFRONT_BODY_LIMIT_BYTES, subscribeFromStorefront } from "./storefront-calls.server";

/**
 * The storefront's subscribe request, answered by the production server before Express (docs/decisions/143):
 * the hottest write of the app, sent by every shop's popup. Only a plain request is taken here; anything
 * unusual goes on to Express, whose answers it shares (the route in storefront-calls.server.ts):
 * - `POST /api/public/stores/<uuid>/subscribe` exactly: no dot segment, escape or other route can match;
 * - a Host header that makes a URL, and no X-Forwarded-Host (Express reads it under TRUST_PROXY);
 * - a body without Content-Encoding and in UTF-8 (body-parser inflates and decodes the others).
 * Cross-site by design (CORS for any origin, as the other storefront calls), so the Origin is not checked;
 * the client's address is the one Express would compute under the same TRUST_PROXY setting.
 */
const SUBSCRIBE_PATH =
  /^\/api\/public\/stores\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/subscribe(?:\?|$)/;
const OTHER_CHARSET = /;\s*charset\s*=\s*"?(?!utf-8\b)/i;

const BASE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  ...STOREFRONT_CORS_HEADERS,
};

/** What Express's request guards would pass unchanged, and body-parser read as plain UTF-8 JSON. */
function isPlain(req: http.IncomingMessage): boolean {
  const { host } = req.headers;
  if (!host || req.headers["x-forwarded-host"] !== undefined || !URL.canParse(`http://${host}`)) return false;
  const encoding = req.headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return false;
  return !OTHER_CHARSET.test(req.headers["content-type"] ?? "");
}

/** The client's address as Express's req.ip has it. */
function clientAddress(req: http.IncomingMessage, trust: TrustHop): string {
  const header = req.headers["x-forwarded-for"];
  // No hop to walk: the socket's address (the common case, and the cheapest).
  if (!header) return req.socket.remoteAddress || "unknown";
  const hops = forwardedHops(req.socket.remoteAddress, String(header));
  return hops[clientHop(hops, trust)] || "unknown";
}

function answer(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...BASE_HEADERS,
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** The body as body-parser's strict JSON reads it: nothing is `undefined`, else an object or array. */
function parsed(bytes: Buffer): unknown {
  const text = bytes.toString("utf8");
  if (text.trim() === "") return undefined;
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") throw new SyntaxError("not an object");
  return JSON.parse(text);
}

/** The body, up to the storefront's limit; a larger one rejects with 413 (its rest is not read). */
function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > STOREFRONT_BODY_LIMIT_BYTES) {
      reject(tooLarge(BODY_TOO_LARGE));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= STOREFRONT_BODY_LIMIT_BYTES) chunks.push(chunk);
      else {
        req.off("data", onData);
        reject(tooLarge(BODY_TOO_LARGE));
      }
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    // A client gone before its body ended: nobody reads the answer. Every request closes, so the error (and
    // its stack) is made only for one that did not end.
    req.once("close", () => {
      if (!req.complete) reject(malformed(BODY_NOT_JSON));
    });
  });
}

async function serve(req: http.IncomingMessage, res: http.ServerResponse, storeId: string, app: Express) {
  const trust = app.get("trust proxy fn") as TrustHop;
  const bytes = await readBody(req);
  let json: unknown;
  try {
    json = parsed(bytes);
  } catch {
    answer(res, 400, { message: BODY_NOT_JSON });
    return;
  }
  const caller = { storeId, ip: clientAddress(req, trust), throughAppProxy: false };
  answer(res, 200, await subscribeFromStorefront(caller, json, req.headers["user-agent"] ?? ""));
}

/**
 * The production server's first look at a request: answers a plain storefront subscription (true), or leaves
 * the request to Express (false). `ready` is the app's bootstrap, awaited as Express's first middleware does.
 */
export function leanSubscribe(app: Express, ready: Promise<void>) {
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const storeId = req.method === "POST" ? SUBSCRIBE_PATH.exec(req.url ?? "")?.[1] : undefined;
    if (!storeId || !isPlain(req)) return false;
    ready
      .then(() => serve(req, res, storeId, app))
      .catch((error: unknown) => {
        if (res.headersSent) return;
        const failure = failureAnswer(error, "public endpoint failed");
        answer(res, failure.status, failure.body, failure.headers);
        // An unread rest of the body is dropped with the connection, as Express's answer to it does.
        if (!req.complete) res.once("finish", () => req.destroy());
      });
    return true;
  };
}
