import { randomUUID } from "node:crypto";
import type { ExecutionResult } from "graphql";
import { HttpResponse, http } from "msw";
import { adminDocumentErrors } from "./shopify-graphql";

/**
 * The fake Shopify's bulk operations (shopify.dev, "Perform bulk operations with the GraphQL Admin API"):
 * bulkOperationRunQuery and bulkOperationRunMutation, the staged upload of a mutation's JSONL variables
 * (stagedUploadsCreate, then a form POST to the storage target), the operation read by `node(id:)` (CREATED,
 * then RUNNING, then COMPLETED: it runs when read while running), and its JSONL result at `url`. A query's
 * lines are its connections' nodes, each nested one with `__parentId`; a mutation's lines are each input
 * line's answer with `__lineNumber`.
 */

export type FakeBulkOperation = {
  id: string;
  type: "QUERY" | "MUTATION";
  status: "CREATED" | "RUNNING" | "COMPLETED";
  /** The query, or the mutation run once per line of `variables`. */
  document: string;
  variables: Record<string, unknown>[];
  version: string;
  createdAt: string;
  completedAt: string | null;
  /** The JSONL result once completed; `url` serves it (null when there are no lines, as at Shopify). */
  result: string | null;
  url: string | null;
  objectCount: number;
  rootObjectCount: number;
};

/** What a shop keeps of its bulk work: operations by id, staged uploads by key (null until uploaded). */
export type FakeBulkState = {
  bulkOperations?: Map<string, FakeBulkOperation>;
  stagedUploads?: Map<string, string | null>;
  domain: string;
};

/** Runs one document over the shop's root fields for a version (mocks/shopify.ts). */
export type RunDocument = (
  version: string,
  document: string,
  variables: Record<string, unknown>,
) => ExecutionResult;

export const STAGED_UPLOAD_URL = "https://shopify-staged-uploads.storage.googleapis.com/";
const RESULTS_URL =
  "https://storage.googleapis.com/shopify-tiers-assets-prod-us-east1/bulk-operation-outputs/";

type Json = Record<string, unknown>;

function isConnection(value: unknown): value is { edges: { node: Json }[] } {
  return typeof value === "object" && value !== null && Array.isArray((value as Json).edges);
}

/** A node's line (its nested connections left out) before the lines of those connections' nodes. */
function addNodeLines(node: Json, parentId: string | undefined, lines: Json[]): void {
  const line: Json = {};
  lines.push(line);
  const ownId = typeof node.id === "string" ? node.id : parentId;
  const strip = (object: Json): Json => {
    const copy: Json = {};
    for (const [key, value] of Object.entries(object)) {
      if (isConnection(value)) for (const edge of value.edges) addNodeLines(edge.node, ownId, lines);
      else if (value && typeof value === "object" && !Array.isArray(value)) copy[key] = strip(value as Json);
      else copy[key] = value;
    }
    return copy;
  };
  Object.assign(line, strip(node));
  if (parentId !== undefined) line.__parentId = parentId;
}

/** A bulk query's JSONL lines: every node of its root connections, then of theirs, flattened. */
function queryLines(data: Json): Json[] {
  const lines: Json[] = [];
  for (const value of Object.values(data)) {
    if (isConnection(value)) for (const edge of value.edges) addNodeLines(edge.node, undefined, lines);
  }
  return lines;
}

function complete(operation: FakeBulkOperation, runDocument: RunDocument): void {
  let lines: Json[];
  if (operation.type === "QUERY") {
    const { data } = runDocument(operation.version, operation.document, {});
    lines = queryLines((data ?? {}) as Json);
    operation.rootObjectCount = lines.filter((line) => !("__parentId" in line)).length;
  } else {
    lines = operation.variables.map((variables, lineNumber) => {
      const answer = runDocument(operation.version, operation.document, variables);
      return { ...answer, __lineNumber: lineNumber };
    });
    operation.rootObjectCount = lines.length;
  }
  operation.objectCount = lines.length;
  operation.status = "COMPLETED";
  operation.completedAt = new Date().toISOString();
  operation.result = lines.map((line) => JSON.stringify(line)).join("\n");
  operation.url = lines.length > 0 ? `${RESULTS_URL}${randomUUID()}-final.jsonl` : null;
}

/** Shopify runs one bulk query and one bulk mutation at a time per shop and app. */
function inProgress(shop: FakeBulkState, type: FakeBulkOperation["type"]) {
  return [...(shop.bulkOperations?.values() ?? [])].find(
    (operation) => operation.type === type && operation.status !== "COMPLETED",
  );
}

function startOperation(
  shop: FakeBulkState,
  fields: Pick<FakeBulkOperation, "type" | "document" | "variables" | "version">,
): FakeBulkOperation {
  shop.bulkOperations ??= new Map();
  const id = `gid://shopify/BulkOperation/${shop.bulkOperations.size + 5000}`;
  const operation: FakeBulkOperation = {
    ...fields,
    id,
    status: "CREATED",
    createdAt: new Date().toISOString(),
    completedAt: null,
    result: null,
    url: null,
    objectCount: 0,
    rootObjectCount: 0,
  };
  shop.bulkOperations.set(id, operation);
  return operation;
}

/** The operation as the BulkOperation type answers it (UnsignedInt64 counts are strings). */
function operationNode(operation: FakeBulkOperation) {
  return {
    __typename: "BulkOperation",
    id: operation.id,
    type: operation.type,
    status: operation.status,
    errorCode: null,
    query: operation.document,
    createdAt: operation.createdAt,
    completedAt: operation.completedAt,
    objectCount: String(operation.objectCount),
    rootObjectCount: String(operation.rootObjectCount),
    fileSize: operation.result === null ? null : String(Buffer.byteLength(operation.result)),
    url: operation.url,
    partialDataUrl: null,
  };
}

/** The root fields of bulk work, for a request to this API version. */
export function bulkRootFields(shop: FakeBulkState, version: string, runDocument: RunDocument) {
  return {
    bulkOperationRunQuery: ({ query }: { query: string }) => {
      const running = inProgress(shop, "QUERY");
      const errors = running
        ? [
            {
              field: null,
              message: `A bulk query operation for this app and shop is already in progress: ${running.id}.`,
              code: "OPERATION_IN_PROGRESS",
            },
          ]
        : adminDocumentErrors(version, query).map((error) => ({
            field: ["query"],
            message: `Invalid bulk query: ${error.message}`,
            code: "INVALID",
          }));
      if (errors.length > 0) return { bulkOperation: null, userErrors: errors };
      const operation = startOperation(shop, { type: "QUERY", document: query, variables: [], version });
      return { bulkOperation: operationNode(operation), userErrors: [] };
    },
    bulkOperationRunMutation: ({
      mutation,
      stagedUploadPath,
    }: {
      mutation: string;
      stagedUploadPath: string;
    }) => {
      const running = inProgress(shop, "MUTATION");
      if (running)
        return {
          bulkOperation: null,
          userErrors: [
            {
              field: null,
              message: `A bulk mutation operation for this app and shop is already in progress: ${running.id}.`,
              code: "OPERATION_IN_PROGRESS",
            },
          ],
        };
      const file = shop.stagedUploads?.get(stagedUploadPath);
      if (file === undefined || file === null)
        return {
          bulkOperation: null,
          userErrors: [
            {
              field: ["stagedUploadPath"],
              message: "The JSONL file could not be found. Try uploading the file again.",
              code: "NO_SUCH_FILE",
            },
          ],
        };
      const invalid = adminDocumentErrors(version, mutation);
      if (invalid.length > 0 || !/^\s*(#[^\n]*\n\s*)*mutation\b/.test(mutation))
        return {
          bulkOperation: null,
          userErrors: [
            {
              field: ["mutation"],
              message: invalid[0]?.message ?? "The mutation is not valid",
              code: "INVALID_MUTATION",
            },
          ],
        };
      const variables = file
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const operation = startOperation(shop, { type: "MUTATION", document: mutation, variables, version });
      return { bulkOperation: operationNode(operation), userErrors: [] };
    },
    stagedUploadsCreate: ({
      input,
    }: {
      input: { resource: string; filename: string; mimeType: string }[];
    }) => {
      shop.stagedUploads ??= new Map();
      const stagedTargets = input.map((target) => {
        const key = `tmp/${shop.domain}/bulk/${randomUUID()}/${target.filename}`;
        shop.stagedUploads?.set(key, null);
        return {
          url: STAGED_UPLOAD_URL,
          resourceUrl: null,
          parameters: [
            { name: "Content-Type", value: target.mimeType },
            { name: "success_action_status", value: "201" },
            { name: "acl", value: "private" },
            { name: "key", value: key },
            { name: "x-goog-algorithm", value: "GOOG4-RSA-SHA256" },
            { name: "x-goog-credential", value: "fake-staged-uploads@shopify.iam.gserviceaccount.com" },
            { name: "x-goog-date", value: "20261128T000000Z" },
            { name: "x-goog-signature", value: "fake" },
            { name: "policy", value: "fake" },
          ],
        };
      });
      return { stagedTargets, userErrors: [] };
    },
    /** node(id:): the shop's bulk operations, each read moving a pending one on (Shopify runs it meanwhile). */
    node: ({ id }: { id: string }) => {
      const operation = shop.bulkOperations?.get(id);
      if (!operation) return null;
      if (operation.status === "RUNNING") complete(operation, runDocument);
      else if (operation.status === "CREATED") operation.status = "RUNNING";
      return operationNode(operation);
    },
  };
}

/** The storage behind bulk work: the staged upload target (a form POST) and the results' JSONL files. */
export function bulkStorageHandlers(shops: FakeBulkState[]) {
  return [
    http.post(STAGED_UPLOAD_URL, async ({ request }) => {
      const form = await request.formData().catch(() => null);
      const key = form?.get("key");
      const file = form?.get("file");
      const shop = shops.find((candidate) => typeof key === "string" && candidate.stagedUploads?.has(key));
      if (!shop || typeof key !== "string" || !(file instanceof Blob)) {
        return new HttpResponse("<Error><Code>InvalidArgument</Code></Error>", {
          status: 400,
          headers: { "Content-Type": "application/xml" },
        });
      }
      shop.stagedUploads?.set(key, await file.text());
      return new HttpResponse(
        `<PostResponse><Bucket>shopify-staged-uploads</Bucket><Key>${key}</Key></PostResponse>`,
        { status: 201, headers: { "Content-Type": "application/xml" } },
      );
    }),
    http.get(`${RESULTS_URL}:file`, ({ request }) => {
      const operation = shops
        .flatMap((shop) => [...(shop.bulkOperations?.values() ?? [])])
        .find((candidate) => candidate.url === request.url);
      if (!operation?.result) return new HttpResponse("Not Found", { status: 404 });
      return new HttpResponse(operation.result, { headers: { "Content-Type": "application/jsonl" } });
    }),
  ];
}
