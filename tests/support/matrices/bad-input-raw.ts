import { type RawRequest, type RawResponse, rawRequest } from "../clients/raw-http";
import { nextClientAddress } from "./bad-input-runner";
import type { Tally } from "./summary";

/**
 * Hostile requests beyond the body: cookies, headers, methods and paths, written raw on the socket (no
 * client library would send them). Each list is applied to every page and API route by hostile-requests.test.ts.
 */
type Header = [string, string];

/**
 * Session cookies a stale browser or an attacker may send. `signedOut`: the answer must be the one to the
 * same request without any cookie.
 */
export function badCookies(session: string): { label: string; cookie: string; signedOut: boolean }[] {
  return [
    { label: "malformed escape", cookie: "np_session=%E0%A4%A", signedOut: true },
    { label: "two session cookies", cookie: `np_session=${session}; np_session=${session}`, signedOut: true },
    { label: "forged signature", cookie: `np_session=${session.slice(0, -6)}AAAAAA`, signedOut: true },
    { label: "4 KB value", cookie: `np_session=${"A".repeat(4096)}`, signedOut: true },
    { label: "quoted garbage", cookie: 'np_session="%E0"', signedOut: true },
    { label: "unterminated quote", cookie: `np_session="${session}`, signedOut: true },
    { label: "name without =", cookie: "np_session", signedOut: true },
    // Node refuses a NUL in a header before the app sees it: only "never a 5xx" applies.
    { label: "NUL byte", cookie: "np_session=a\u0000b", signedOut: false },
    {
      label: "garbled remembered store",
      cookie: `np_session=${session}; np_store=%E0%A4%A`,
      signedOut: false,
    },
  ];
}

const manyAddresses = Array.from({ length: 800 }, (_, index) => `10.9.${index >> 8}.${index & 255}`);

/** One hostile header (or two, for a length that does not match the body) added to a request. */
export const HOSTILE_HEADERS: { label: string; headers: Header[]; body?: string }[] = [
  { label: "foreign Origin", headers: [["Origin", "https://evil.example"]] },
  { label: "Origin null", headers: [["Origin", "null"]] },
  { label: "Origin not a URL", headers: [["Origin", "%%%"]] },
  { label: "foreign Host", headers: [["Host", "evil.example"]] },
  { label: "Host with a space", headers: [["Host", "a b"]] },
  { label: "empty Host", headers: [["Host", ""]] },
  { label: "Host with an impossible port", headers: [["Host", "127.0.0.1:99999"]] },
  { label: "unclosed IPv6 Host", headers: [["Host", "[::1"]] },
  { label: "X-Forwarded-For garbage", headers: [["X-Forwarded-For", "not-an-ip, , ;"]] },
  { label: "X-Forwarded-For of 800 addresses", headers: [["X-Forwarded-For", manyAddresses.join(", ")]] },
  { label: "X-Forwarded-Host with a space", headers: [["X-Forwarded-Host", "a b"]] },
  { label: "X-Forwarded-Proto garbage", headers: [["X-Forwarded-Proto", "javascript"]] },
  { label: "Content-Type text", headers: [["Content-Type", "text/plain"]], body: "{}" },
  { label: "multipart without boundary", headers: [["Content-Type", "multipart/form-data"]], body: "--x" },
  { label: "unknown charset", headers: [["Content-Type", "application/json; charset=utf-99"]], body: "{}" },
  {
    label: "Content-Length shorter than the body",
    headers: [
      ["Content-Type", "application/json"],
      ["Content-Length", "1"],
    ],
    body: '{"a":1}',
  },
  { label: "Bearer garbage", headers: [["Authorization", "Bearer garbage"]] },
  { label: "Bearer shaped like a JWT", headers: [["Authorization", "Bearer a.b.c"]] },
  { label: "Basic credentials", headers: [["Authorization", "Basic Zm9vOmJhcg=="]] },
  // Node refuses request heads over 16 KiB (431) before the app: these stay below.
  { label: "12 KB header value", headers: [["X-Padding", "x".repeat(12_000)]] },
  { label: "8 KB Accept", headers: [["Accept", `text/html;q=${"9".repeat(8_000)}`]] },
];

/** Methods beyond each route's own, and a token no standard defines. */
export const HOSTILE_METHODS = ["TRACE", "PATCH", "PUT", "DELETE", "OPTIONS", "HEAD", "PROPFIND", "FOOBAR"];

/** The same route spelled so a path-based rule (CSRF allow-list, storefront assets) could misread it. */
export const PATH_TRICKS: { label: string; path: (path: string) => string }[] = [
  { label: "dot segments", path: (path) => `/api/public/../..${path}` },
  { label: "encoded dot segments", path: (path) => `/api/public/%2e%2e/%2E%2E${path}` },
  { label: "half-encoded dot segments", path: (path) => `/api/public/.%2e/%2e.${path}` },
  { label: "backslash dot segments", path: (path) => `/api/public\\..\\..${path}` },
  { label: "encoded slash", path: (path) => path.replace(/\/([^/]*)$/, "%2f$1") },
  { label: "double slashes", path: (path) => path.replaceAll("/", "//") },
  { label: "trailing dot", path: (path) => `${path}.` },
  { label: "trailing dot segment", path: (path) => `${path}/.` },
  { label: "malformed escape", path: (path) => `${path}%E0%A4%A` },
];

/** A raw request with its label; `check` adds an expectation beyond "never a 5xx". */
export type RawCase = RawRequest & {
  label: string;
  check?: (response: RawResponse) => string | undefined;
};

/** Sends the cases one by one, each from its own client address; returns every 5xx or failed check. */
export async function sendRawCases(baseUrl: string, cases: RawCase[], tally: Tally): Promise<string[]> {
  const problems: string[] = [];
  for (const { label, check, ...request } of cases) {
    const headers = request.headers ?? [];
    const addressed = headers.some(([name]) => name.toLowerCase() === "x-forwarded-for");
    const response = await rawRequest(baseUrl, {
      ...request,
      headers: addressed ? headers : [...headers, ["X-Forwarded-For", nextClientAddress()]],
    });
    tally.tried();
    const where = `${request.method} ${request.path.slice(0, 80)} [${label}]`;
    if (response.status >= 500) {
      tally.add("5xx");
      problems.push(`${where}: ${response.status} ${response.body.slice(0, 200)}`);
      continue;
    }
    const problem = check?.(response);
    if (problem) problems.push(`${where}: ${problem}`);
    else tally.passed();
  }
  return problems;
}
