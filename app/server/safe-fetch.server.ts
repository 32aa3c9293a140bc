import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import zlib from "node:zlib";
import { DomainError, invalid } from "~/server/domain-errors.server";
import { resolvePublicHost } from "./network-guard.server";

/** Bounds of one merchant-page fetch: a stuck or huge site must not tie the server up. */
export const PAGE_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };

export type FetchedPage = { url: string; status: number; body: string; truncated: boolean };

type FetchOptions = {
  /** Turns a host name into the address to connect to, refusing the ones we must not reach. */
  resolveHost?: (host: string) => Promise<string>;
  limits?: typeof PAGE_FETCH_LIMITS;
};

type Hop = { status: number; location: string | undefined; body: string; truncated: boolean };

/**
 * GETs a merchant-supplied URL without letting it reach this server's network (SSRF): http(s) only,
 * the host resolved once and refused when private, loopback or link-local, the connection made to
 * that checked address (no second lookup to rebind), a deadline, a body cap, and every redirect
 * target checked the same way.
 */
export async function fetchPublicPage(
  rawUrl: string,
  { resolveHost = resolvePublicHost, limits = PAGE_FETCH_LIMITS }: FetchOptions = {},
): Promise<FetchedPage> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = parseHttpUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const address = await resolveHost(url.hostname);
    const response = await getOnce(url, address, deadline, limits);
    if (response.status < 300 || response.status >= 400 || !response.location) {
      return {
        url: url.toString(),
        status: response.status,
        body: response.body,
        truncated: response.truncated,
      };
    }
    if (hop >= limits.maxRedirects) {
      throw invalid(`${rawUrl} redirects more than ${limits.maxRedirects} times`);
    }
    url = parseHttpUrl(new URL(response.location, url).toString());
  }
}

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${value} is not a valid address`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid("Only http and https addresses can be checked");
  }
  if (url.username || url.password) throw invalid("Addresses with credentials cannot be checked");
  return url;
}

function getOnce(
  url: URL,
  address: string,
  deadline: number,
  limits: typeof PAGE_FETCH_LIMITS,
): Promise<Hop> {
  const client = url.protocol === "https:" ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        host: address,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        // TLS is verified against the site's name, not the address we connect to.
        servername: isIP(hostname) ? undefined : hostname,
        headers: {
          Host: url.host,
          "User-Agent": "NewsletterPopup-InstallCheck/1.0",
          Accept: "text/html,application/xhtml+xml",
          "Accept-Encoding": "gzip, deflate, br",
        },
        timeout: Math.max(1, deadline - Date.now()),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location, body: "", truncated: false });
          return;
        }
        readCapped(decoded(response), deadline, limits.maxBytes).then(
          ({ body, truncated }) => resolve({ status, location: undefined, body, truncated }),
          reject,
        );
      },
    );
    request.on("timeout", () => request.destroy(timeoutError(url, limits.timeoutMs)));
    request.on("error", (error) =>
      reject(error instanceof DomainError ? error : invalid(`Could not reach ${url.host}: ${error.message}`)),
    );
    request.end();
  });
}

function decoded(response: http.IncomingMessage): NodeJS.ReadableStream {
  switch (response.headers["content-encoding"]) {
    case "gzip":
      return response.pipe(zlib.createGunzip());
    case "deflate":
      return response.pipe(zlib.createInflate());
    case "br":
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

/** Reads at most maxBytes (decoded): the script tag sits in <head>, so a cut-off page is still useful. */
function readCapped(
  stream: NodeJS.ReadableStream,
  deadline: number,
  maxBytes: number,
): Promise<{ body: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => finish(true), Math.max(1, deadline - Date.now()));
    function finish(truncated: boolean) {
      clearTimeout(timer);
      stream.removeAllListeners("data");
      if ("destroy" in stream && typeof stream.destroy === "function") stream.destroy();
      resolve({ body: Buffer.concat(chunks).toString("utf8"), truncated });
    }
    stream.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) finish(true);
    });
    stream.on("end", () => finish(false));
    stream.on("error", (error: Error) => {
      clearTimeout(timer);
      reject(invalid(`Could not read the page: ${error.message}`));
    });
  });
}

function timeoutError(url: URL, timeoutMs: number): DomainError {
  return invalid(`${url.host} did not answer within ${timeoutMs / 1000} s`);
}
