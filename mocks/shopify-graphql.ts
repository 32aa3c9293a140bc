import {
  type DocumentNode,
  defaultFieldResolver,
  type ExecutionResult,
  executeSync,
  GraphQLError,
  type GraphQLFieldResolver,
  NoDeprecatedCustomRule,
  parse,
  validate,
} from "graphql";
import { adminSchema, servedAdminVersion } from "../scripts/admin-graphql/schema";

/**
 * The fake shop's Admin API runs every request over Shopify's published schema of the version in its URL
 * (graphql-js over the introspected schema; a retired version falls forward to the oldest supported one): a
 * query the schema refuses is refused as Shopify would, the variables are coerced by Shopify's input types,
 * and an answer that drifts from the schema (a missing non-null field, an unknown enum value, a wrong
 * scalar) comes back as an error, failing the test.
 */

/**
 * The root fields a fake shop answers, by name. Each receives the field's arguments as the schema coerced
 * them and returns plain data, which the schema then shapes to the selection.
 */
export type RootFields = Record<string, (args: never) => unknown>;

type CheckedDocument = { document: DocumentNode; deprecations: string[] } | readonly GraphQLError[];

const documents = new Map<string, CheckedDocument>();

/**
 * What Shopify names in `X-Shopify-API-Deprecated-Reason` (since 2025-04): the deprecated fields and enum
 * values a request used ("Shop.draftOrders, DiscountStatus.SCHEDULED").
 */
function deprecationsOf(version: string, document: DocumentNode): string[] {
  return validate(adminSchema(version), document, [NoDeprecatedCustomRule]).flatMap((error) => {
    const [, name] =
      /^The (?:field|input field|enum value) "?([\w.]+)"? is deprecated/.exec(error.message) ?? [];
    return name ? [name] : [];
  });
}

/** A request's document, parsed and validated once per version and text (tests repeat the app's few). */
function checkedDocument(version: string, query: string): CheckedDocument {
  const key = `${version}\n${query}`;
  const known = documents.get(key);
  if (known) return known;
  let checked: CheckedDocument;
  try {
    const document = parse(query);
    const errors = validate(adminSchema(version), document);
    checked = errors.length > 0 ? errors : { document, deprecations: deprecationsOf(version, document) };
  } catch (error) {
    checked = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
  }
  documents.set(key, checked);
  return checked;
}

/** What the schema of a version refuses in a document (none: it may run), as Shopify would say it. */
export function adminDocumentErrors(version: string, query: string): readonly GraphQLError[] {
  const checked = checkedDocument(servedAdminVersion(version), query);
  return "document" in checked ? [] : checked;
}

/** A root field the fake has no answer for is an error that names the file to extend. */
const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  const isRootField = info.path.prev === undefined;
  if (isRootField && !(typeof source === "object" && source !== null && info.fieldName in source)) {
    throw new GraphQLError(`The fake Shopify does not answer ${info.fieldName}: extend mocks/shopify.ts`);
  }
  return defaultFieldResolver(source, args, context, info);
};

/**
 * One request's answer: the result, the version that served it (Shopify's `X-Shopify-API-Version`) and the
 * deprecated parts of the schema it used (`X-Shopify-API-Deprecated-Reason`, empty when none).
 */
export type AdminAnswer = { result: ExecutionResult; servedVersion: string; deprecations: string[] };

/** Runs one Admin GraphQL request (for the API version in its URL) against the fake shop's root fields. */
export function executeAdminRequest(
  rootFields: RootFields,
  request: { version: string; query: string; variables: Record<string, unknown> },
): AdminAnswer {
  const servedVersion = servedAdminVersion(request.version);
  const checked = checkedDocument(servedVersion, request.query);
  if (!("document" in checked)) return { result: { errors: checked }, servedVersion, deprecations: [] };
  const result = executeSync({
    schema: adminSchema(servedVersion),
    document: checked.document,
    rootValue: rootFields,
    variableValues: request.variables,
    fieldResolver,
  });
  return { result, servedVersion, deprecations: checked.deprecations };
}
