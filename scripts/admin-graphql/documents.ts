import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type DocumentNode,
  type GraphQLSchema,
  NoDeprecatedCustomRule,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
} from "graphql";

/** The app's Admin API documents: every `#graphql` template literal in the app's sources. */
const SOURCE_ROOT = path.resolve(import.meta.dirname, "../../app");
const GENERATED_FILE = "admin.generated.ts";
const TAGGED_DOCUMENT = /`(#graphql\s[^`]*)`/g;

export type AdminDocument = {
  /** The literal's exact text: the generated types are keyed by it. */
  source: string;
  /** Where it is written, for messages ("app/services/shopify/customers.server.ts:25"). */
  location: string;
};

export function findAdminDocuments(): AdminDocument[] {
  const files = readdirSync(SOURCE_ROOT, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && path.basename(file) !== GENERATED_FILE)
    .sort();
  return files.flatMap((file) => {
    const text = readFileSync(path.join(SOURCE_ROOT, file), "utf8");
    return [...text.matchAll(TAGGED_DOCUMENT)].map((match) => {
      const line = text.slice(0, match.index).split("\n").length;
      const location = `app/${file}:${line}`;
      const source = match[1] ?? "";
      // The generated types are keyed by the literal's text, which an interpolation would make unknown.
      if (source.includes("${")) throw new Error(`${location}: a #graphql document must be a plain literal`);
      return { source, location };
    });
  });
}

/** The document's one named operation; the generated types are named after it. */
export function operationOf(document: AdminDocument, ast: DocumentNode): OperationDefinitionNode {
  const operations = ast.definitions.filter((definition) => definition.kind === "OperationDefinition");
  const [operation] = operations;
  if (operations.length !== 1 || !operation?.name) {
    throw new Error(`${document.location}: write exactly one named operation per #graphql document`);
  }
  return operation;
}

/** Parses a document; a syntax error is reported like a validation error. */
export function parseDocument(document: AdminDocument): DocumentNode | string {
  try {
    return parse(document.source);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** What the schema refuses in a document (unknown fields, arguments, types…), as messages. */
export function documentErrors(document: AdminDocument, schema: GraphQLSchema): string[] {
  const ast = parseDocument(document);
  if (typeof ast === "string") return [ast];
  return validate(schema, ast, specifiedRules).map((error) => error.message);
}

/** The deprecated fields, arguments and enum values a document uses: what a later version may remove. */
export function deprecationsUsed(document: AdminDocument, schema: GraphQLSchema): string[] {
  const ast = parseDocument(document);
  if (typeof ast === "string") return [];
  return validate(schema, ast, [NoDeprecatedCustomRule]).map((error) => error.message);
}
