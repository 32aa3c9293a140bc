import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLEnumType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  typeFromAST,
} from "graphql";
import { type AdminDocument, operationOf, parseDocument } from "./documents";

/**
 * TypeScript types for the app's Admin API documents, from the schema they were validated against: for
 * each operation its result and variables, the input objects and enums they reach, and `AdminOperations`,
 * which maps each document's exact text to them (the typed `adminGraphql` accepts only those texts).
 */

const BUILT_IN_SCALARS: Record<string, string> = {
  ID: "string",
  String: "string",
  Int: "number",
  Float: "number",
  Boolean: "boolean",
};

/** Shopify serializes its own scalars (DateTime, Decimal, Money, URL, UnsignedInt64…) as strings; JSON is any value. */
function scalarType(name: string): string {
  return BUILT_IN_SCALARS[name] ?? (name === "JSON" ? "unknown" : "string");
}

const EMPTY_OBJECT = "Record<string, never>";

class TypeWriter {
  /** Named input objects and enums reached so far, by name, with their declarations. */
  private readonly declarations = new Map<string, string>();
  private fragments = new Map<string, FragmentDefinitionNode>();

  constructor(private readonly schema: GraphQLSchema) {}

  namedDeclarations(): string[] {
    return [...this.declarations.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, declaration]) => declaration);
  }

  operationTypes(document: AdminDocument, ast: DocumentNode) {
    const operation = operationOf(document, ast);
    this.fragments = new Map(
      ast.definitions
        .filter((definition) => definition.kind === "FragmentDefinition")
        .map((fragment) => [fragment.name.value, fragment]),
    );
    const root = this.schema.getRootType(operation.operation);
    if (!root) throw new Error(`${document.location}: the schema has no ${operation.operation} type`);
    const variables = (operation.variableDefinitions ?? []).map((definition) => {
      const type = typeFromAST(this.schema, definition.type) as GraphQLInputType | undefined;
      if (!type) throw new Error(`${document.location}: unknown type of $${definition.variable.name.value}`);
      const optional = !isNonNullType(type) || definition.defaultValue !== undefined;
      return `${definition.variable.name.value}${optional ? "?" : ""}: ${this.inputType(type)}`;
    });
    return {
      result: this.selectionShape(root, operation.selectionSet, ""),
      variables: variables.length > 0 ? `{ ${variables.join("; ")} }` : EMPTY_OBJECT,
    };
  }

  private inputType(type: GraphQLInputType): string {
    if (isNonNullType(type)) return this.requiredInputType(type.ofType);
    return `${this.requiredInputType(type)} | null`;
  }

  private requiredInputType(type: GraphQLInputType): string {
    if (isListType(type)) return `Array<${this.inputType(type.ofType)}>`;
    if (isInputObjectType(type)) return this.declareInputObject(type);
    if (isEnumType(type)) return this.declareEnum(type);
    return scalarType(type.name);
  }

  private declareInputObject(type: GraphQLInputObjectType): string {
    if (this.declarations.has(type.name)) return type.name;
    this.declarations.set(type.name, ""); // reserved first: input objects may refer to themselves
    const fields = Object.values(type.getFields()).map((field) => {
      const optional = !isNonNullType(field.type) || field.defaultValue !== undefined;
      return `  ${field.name}${optional ? "?" : ""}: ${this.inputType(field.type)};`;
    });
    this.declarations.set(type.name, `export type ${type.name} = {\n${fields.join("\n")}\n};`);
    return type.name;
  }

  private declareEnum(type: GraphQLEnumType): string {
    const values = type.getValues().map((value) => JSON.stringify(value.name));
    this.declarations.set(type.name, `export type ${type.name} = ${values.join(" | ")};`);
    return type.name;
  }

  private outputType(type: GraphQLOutputType, fields: FieldNode[], indent: string): string {
    if (isNonNullType(type)) return this.requiredOutputType(type.ofType, fields, indent);
    return `${this.requiredOutputType(type, fields, indent)} | null`;
  }

  private requiredOutputType(type: GraphQLOutputType, fields: FieldNode[], indent: string): string {
    if (isListType(type)) return `Array<${this.outputType(type.ofType, fields, indent)}>`;
    if (isCompositeType(type)) {
      const selections = fields.flatMap((field) => field.selectionSet?.selections ?? []);
      return this.selectionShape(type, { kind: Kind.SELECTION_SET, selections }, indent);
    }
    if (isEnumType(type)) return this.declareEnum(type);
    return scalarType(type.name);
  }

  /** The answer's shape: one object per concrete type the selection can meet (deduplicated). */
  private selectionShape(type: GraphQLCompositeType, selectionSet: SelectionSetNode, indent: string): string {
    const concrete = isAbstractType(type) ? this.schema.getPossibleTypes(type) : [type];
    const shapes = concrete.map((object) => this.objectShape(object, selectionSet, indent));
    return [...new Set(shapes)].join(" | ");
  }

  private objectShape(type: GraphQLObjectType, selectionSet: SelectionSetNode, indent: string): string {
    const byKey = this.collectFields(type, selectionSet, new Map());
    if (byKey.size === 0) return EMPTY_OBJECT;
    const inner = `${indent}  `;
    const lines = [...byKey.entries()].map(([key, fields]) => {
      const name = fields[0]?.name.value ?? key;
      if (name === "__typename") return `${inner}${key}: ${JSON.stringify(type.name)};`;
      const field = type.getFields()[name];
      if (!field) throw new Error(`${type.name} has no field ${name}`);
      return `${inner}${key}: ${this.outputType(field.type, fields, inner)};`;
    });
    return `{\n${lines.join("\n")}\n${indent}}`;
  }

  /** The fields a selection asks of one concrete type, by response key (fragments that apply included). */
  private collectFields(
    type: GraphQLObjectType,
    selectionSet: SelectionSetNode,
    byKey: Map<string, FieldNode[]>,
  ): Map<string, FieldNode[]> {
    for (const selection of selectionSet.selections) {
      if ((selection.directives ?? []).length > 0) {
        throw new Error("Directives (@include, @skip) are not supported by the type generator");
      }
      if (selection.kind === "Field") {
        const key = selection.alias?.value ?? selection.name.value;
        byKey.set(key, [...(byKey.get(key) ?? []), selection]);
        continue;
      }
      const fragment =
        selection.kind === "InlineFragment" ? selection : this.fragments.get(selection.name.value);
      if (!fragment) throw new Error(`Unknown fragment in a selection on ${type.name}`);
      const condition = fragment.typeCondition && this.schema.getType(fragment.typeCondition.name.value);
      if (!condition || this.applies(condition, type)) this.collectFields(type, fragment.selectionSet, byKey);
    }
    return byKey;
  }

  private applies(condition: GraphQLNamedType, type: GraphQLObjectType): boolean {
    if (isObjectType(condition)) return condition === type;
    return isAbstractType(condition) && this.schema.isSubType(condition, type);
  }
}

function typeName(name: string, operation: "query" | "mutation" | "subscription"): string {
  return `${name}${operation[0]?.toUpperCase()}${operation.slice(1)}`;
}

/** The generated module's text; `version` and `schemaSource` name where the types come from. */
export function generateAdminTypes(
  documents: AdminDocument[],
  schema: GraphQLSchema,
  header: { version: string; schemaSource: string },
): string {
  const writer = new TypeWriter(schema);
  const operations: string[] = [];
  const entries: string[] = [];
  const seen = new Set<string>();
  for (const document of documents) {
    const ast = parseDocument(document);
    if (typeof ast === "string") throw new Error(`${document.location}: ${ast}`);
    const operation = operationOf(document, ast);
    const name = typeName(operation.name?.value ?? "", operation.operation);
    if (seen.has(name) || schema.getType(name)) {
      throw new Error(`${document.location}: the operation name ${name} is already taken`);
    }
    seen.add(name);
    const { result, variables } = writer.operationTypes(document, ast);
    operations.push(`export type ${name} = ${result};\nexport type ${name}Variables = ${variables};`);
    entries.push(`  ${JSON.stringify(document.source)}: { result: ${name}; variables: ${name}Variables };`);
  }
  return [
    `// Generated by \`npm run graphql-codegen\` from the Admin API ${header.version} schema`,
    `// (${header.schemaSource}). Do not edit: change a #graphql document, then regenerate.`,
    "",
    writer.namedDeclarations().join("\n\n"),
    "",
    operations.join("\n\n"),
    "",
    "/** Each #graphql document of the app, by its exact text: its result and variables. */",
    "export interface AdminOperations {",
    ...entries,
    "}",
    "",
  ].join("\n");
}
