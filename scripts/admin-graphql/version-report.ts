import { type AdminDocument, deprecationsUsed, documentErrors } from "./documents";
import { adminSchema } from "./schema";
import { generateAdminTypes } from "./typegen";

/** What moving the app's documents to another Admin API version would change. */
export type VersionReport = {
  version: string;
  /** Documents that version's schema refuses, with the reasons ("file:line: message"). */
  refused: string[];
  /** Deprecated fields, arguments or enum values the documents use there (a later version may drop them). */
  deprecated: string[];
  /** Generated types (inputs, enums, results) whose declaration differs from the current version's. */
  changedTypes: string[];
};

/** Each `export type Name = …;` block of a generated module, by name. */
function declarations(module: string): Map<string, string> {
  const blocks = module.split(/\n(?=export )/).filter((block) => block.startsWith("export type "));
  return new Map(blocks.map((block) => [block.split(/\s+/)[2] ?? "", block.trim()]));
}

export function versionReport(documents: AdminDocument[], current: string, version: string): VersionReport {
  const schema = adminSchema(version);
  const located = (document: AdminDocument, messages: string[]) =>
    messages.map((message) => `${document.location}: ${message}`);
  const refused = documents.flatMap((document) => located(document, documentErrors(document, schema)));
  const deprecated = documents.flatMap((document) => located(document, deprecationsUsed(document, schema)));
  if (refused.length > 0) return { version, refused, deprecated, changedTypes: [] };
  const header = { version: "", schemaSource: "" };
  const before = declarations(generateAdminTypes(documents, adminSchema(current), header));
  const after = declarations(generateAdminTypes(documents, schema, header));
  const changedTypes = [...new Set([...before.keys(), ...after.keys()])]
    .filter((name) => before.get(name) !== after.get(name))
    .sort();
  return { version, refused, deprecated, changedTypes };
}
