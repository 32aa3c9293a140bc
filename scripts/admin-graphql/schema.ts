import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

/**
 * Shopify's published Admin API schemas, offline: @shopify/dev-mcp (pinned in package.json) ships each
 * supported version as the gzipped result of an introspection query.
 */
const SCHEMA_DIRECTORY = path.join(installedPackage("@shopify/dev-mcp"), "dist/data");

/**
 * The folder of an installed package, looked up as Node looks it up from this module: the module may run from
 * source or from a bundle under build/ (the fake Shopify of the production server), and the package's exports
 * name no file to resolve.
 */
function installedPackage(name: string): string {
  const lookup = createRequire(import.meta.url).resolve.paths(name) ?? [];
  const found = lookup.map((modules) => path.join(modules, name)).find((folder) => existsSync(folder));
  if (!found) throw new Error(`${name} is not installed: run npm install`);
  return found;
}

const schemas = new Map<string, GraphQLSchema>();

function schemaFile(version: string): string {
  return path.join(SCHEMA_DIRECTORY, `admin_${version}.json.gz`);
}

export function isAdminSchemaShipped(version: string): boolean {
  return existsSync(schemaFile(version));
}

/** The stable versions whose schema is shipped, oldest first. */
function shippedStableVersions(): string[] {
  return readdirSync(SCHEMA_DIRECTORY)
    .map((file) => /^admin_(\d{4}-\d{2})\.json\.gz$/.exec(file)?.[1])
    .filter((version) => version !== undefined)
    .sort();
}

/**
 * The day Shopify may stop serving a stable version: versions are released quarterly on the 1st of
 * January, April, July and October, and each is supported for at least 12 months from its release
 * (shopify.dev, "About API versioning"). "2025-10" → 2026-10-01 (UTC).
 */
export function adminVersionSupportEnd(version: string): Date {
  const match = /^(\d{4})-(01|04|07|10)$/.exec(version);
  if (!match) throw new Error(`${version} is not a stable Admin API version (YYYY-01, -04, -07 or -10)`);
  return new Date(Date.UTC(Number(match[1]) + 1, Number(match[2]) - 1, 1));
}

/** Whether Shopify still serves a stable version on `today`. */
export function isAdminVersionSupported(version: string, today: Date): boolean {
  return today < adminVersionSupportEnd(version);
}

/**
 * The version whose schema answers a request for `requested` on `today`: itself when shipped and still
 * supported (or not a stable version: "unstable"); otherwise, as Shopify falls forward from a retired
 * version, the oldest stable one shipped that is still supported (the newest shipped if none is).
 */
export function servedAdminVersion(requested: string, today = new Date()): string {
  const stable = shippedStableVersions();
  const isStable = /^\d{4}-\d{2}$/.test(requested);
  if (isAdminSchemaShipped(requested) && (!isStable || isAdminVersionSupported(requested, today))) {
    return requested;
  }
  const served = stable.find((version) => isAdminVersionSupported(version, today)) ?? stable.at(-1);
  if (!served) throw new Error(`No Admin API schema in ${SCHEMA_DIRECTORY}`);
  return served;
}

/** The Admin API schema of a version ("2025-10"), built once per process. */
export function adminSchema(version: string): GraphQLSchema {
  const cached = schemas.get(version);
  if (cached) return cached;
  if (!isAdminSchemaShipped(version)) {
    throw new Error(`@shopify/dev-mcp ships no Admin API schema for ${version} (${SCHEMA_DIRECTORY})`);
  }
  const introspection = JSON.parse(gunzipSync(readFileSync(schemaFile(version))).toString("utf8")) as {
    data: IntrospectionQuery;
  };
  const schema = buildClientSchema(introspection.data);
  schemas.set(version, schema);
  return schema;
}

/** The stable version after this one: Shopify releases one each quarter (2025-10 → 2026-01). */
export function nextAdminVersion(version: string): string {
  const [year = 0, month = 0] = version.split("-").map(Number);
  const next = month === 10 ? { year: year + 1, month: 1 } : { year, month: month + 3 };
  return `${next.year}-${String(next.month).padStart(2, "0")}`;
}

/** Names the schema file a version comes from, with the package's version ("@shopify/dev-mcp 1.16.0, …"). */
export function adminSchemaSource(version: string): string {
  const manifest = JSON.parse(readFileSync(path.join(SCHEMA_DIRECTORY, "../../package.json"), "utf8")) as {
    version: string;
  };
  return `@shopify/dev-mcp ${manifest.version}, dist/data/admin_${version}.json.gz`;
}
