/**
 * Hostile input generated from a route's good request: every leaf of its JSON body, every path
 * parameter and the query string get each hostile value in turn, plus malformed and oversized bodies.
 */

/** The marker every script payload carries, so a page can be searched for one that survived. */
export const XSS_MARKER = "np-xss";

export const HOSTILE_STRINGS: Record<string, string> = {
  NUL: "before\u0000after",
  "lone surrogates": "\ud800 and \udfff",
  "RTL override": "invoice\u202egnp.exe",
  "zero-width characters": "a\u200b\u200c\u200d\ufeffb",
  emoji: "😀 👩‍👩‍👧‍👦 🏳️‍🌈",
  "CRLF header injection": "Eve\r\nBcc: victim@evil.example",
  "CRLF in an email": "eve@acme.example\r\nBcc: victim@evil.example",
  "script tag": `<script>alert("${XSS_MARKER}")</script>`,
  "attribute breakout": `"><img src=x onerror=alert("${XSS_MARKER}")>`,
  "javascript URL": `javascript:alert("${XSS_MARKER}")`,
  "SQL quote": "' OR '1'='1' --",
  "SQL statement": "'; DROP TABLE subscribers; --",
  "huge string": "x".repeat(100_000),
  empty: "",
  blank: " \t ",
};

const WRONG_TYPES: Record<string, unknown> = {
  number: 42,
  "huge number": 1e308,
  boolean: true,
  null: null,
  array: ["a"],
  "operator object": { $gt: "" },
};

/** A body as sent on the wire; `label` names the variant in failure messages. */
export type BadBody = { label: string; body: string };

/** 1 MiB is the API's body limit (app/http/json.server.ts): one byte beyond it must be refused. */
const OVERSIZED = JSON.stringify({ pad: "x".repeat(1024 * 1024) });

const MALFORMED: BadBody[] = [
  { label: "truncated JSON", body: '{"name": "Acme' },
  { label: "single quotes", body: "{'name': 'Acme'}" },
  { label: "trailing garbage", body: "{}}" },
  { label: "array body", body: "[]" },
  { label: "null body", body: "null" },
  { label: "number body", body: "42" },
  { label: "string body", body: '"text"' },
  { label: "byte order mark", body: "\ufeff{}" },
  {
    label: "prototype pollution",
    body: '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {}}}',
  },
  { label: "deep nesting", body: `${"[".repeat(5_000)}${"]".repeat(5_000)}` },
  { label: "oversized body (1 MiB + 10 bytes)", body: OVERSIZED },
];

type Path = (string | number)[];

/** Paths of every primitive (and empty container) inside a JSON value. */
function leaves(value: unknown, path: Path = []): Path[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value !== null && typeof value === "object"
      ? Object.entries(value)
      : [];
  if (children.length === 0) return [path];
  return children.flatMap(([key, child]) => leaves(child, [...path, key]));
}

/** A copy of `value` with the leaf at `path` replaced. */
function replaced(value: unknown, path: Path, next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaced(item, rest, next) : item));
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, next) };
}

/**
 * Every hostile variant of a good JSON body: each leaf replaced by each hostile value, then malformed
 * bodies. `good` is called per variant, so a body with a fresh email each time is stored each time
 * (a repeated subscription would keep the first one's name).
 */
export function badBodies(good: () => unknown): BadBody[] {
  const hostile = { ...HOSTILE_STRINGS, ...WRONG_TYPES };
  const variants = leaves(good()).flatMap((path) =>
    Object.entries(hostile).map(([label, value]) => ({
      label: `${path.join(".") || "body"} = ${label}`,
      body: JSON.stringify(replaced(good(), path, value)),
    })),
  );
  return [...variants, ...MALFORMED];
}

/** Hostile values for an id in the path (each is URL-encoded into one segment). */
const HOSTILE_IDS: Record<string, string> = {
  "not a uuid": "not-a-uuid",
  "nil uuid": "00000000-0000-0000-0000-000000000000",
  "SQL quote": "' OR '1'='1",
  NUL: "a\u0000b",
  "path traversal": "../../etc/passwd",
  emoji: "😀",
  "huge id": "9".repeat(5_000),
  "script tag": `<script>alert("${XSS_MARKER}")</script>`,
};

/** A path with one parameter replaced by a hostile value: `pattern` like "api/stores/:storeId/popup". */
export type BadPath = { label: string; path: string };

export function badPaths(pattern: string, values: Record<string, string>): BadPath[] {
  const params = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const fill = (target: string, hostile: string) =>
    `/${pattern.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(name === target ? hostile : (values[name] ?? "")),
    )}`;
  return params.flatMap((param) =>
    Object.entries(HOSTILE_IDS).map(([label, hostile]) => ({
      label: `:${param} = ${label}`,
      path: fill(param, hostile),
    })),
  );
}

/** The query parameters API loaders read (readQuery schemas and searchParams.get across app/routes). */
const QUERY_PARAMETERS = [
  "search",
  "cursor",
  "limit",
  "status",
  "dateRange",
  "storeId",
  "force",
  "regenerate",
  "days",
];

/**
 * `path` with every known query parameter set to one hostile value at a time. Values are cut to
 * 1,000 characters: Node refuses request heads over 16 KiB (431) before the app sees them.
 */
export function badQueries(path: string): BadPath[] {
  return Object.entries({ ...HOSTILE_STRINGS, ...HOSTILE_IDS }).map(([label, hostile]) => {
    const query = new URLSearchParams(QUERY_PARAMETERS.map((name) => [name, hostile.slice(0, 1_000)]));
    return { label: `query = ${label}`, path: `${path}?${query}` };
  });
}
