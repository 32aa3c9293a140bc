import { unavailable, upstreamFailed } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import { pause } from "~/server/pause.server";
import type { AdminOperations } from "./admin.generated";
import { adminGraphql, type ShopifyCredentials } from "./admin-api.server";

/**
 * Shopify's bulk operations (shopify.dev, "Perform bulk operations with the GraphQL Admin API"): one query
 * or one mutation run by Shopify over a whole data set in the background, its result a JSONL file. The app
 * polls the operation by id until it ends (the bulk_operations/finish webhook would tell it too; polling
 * needs no subscription and works for the standalone custom-app token as well).
 */

/**
 * Above this many subscribers a sync goes through bulk operations instead of one Admin API call (or two)
 * each: 250 calls at 4 at a time take about a minute of the shop's cost bucket, while a bulk operation costs
 * a handful of calls whatever the size (docs/decisions/162).
 */
export const BULK_THRESHOLD = 250;

/** Waits between reads of a running operation: quick at first, then every 10 s. */
const POLL_WAITS_MS = [1_000, 2_000, 4_000, 8_000];
const POLL_EVERY_MS = 10_000;
/** A sync's operation that is not over after this long is left to the job's next attempt. */
const POLL_LIMIT_MS = 30 * 60_000;

/** One line of a bulk mutation's result: the mutation's answer for the variables on that line. */
export type BulkMutationLine<Document extends keyof AdminOperations> = {
  lineNumber: number;
  data: AdminOperations[Document]["result"] | null;
};

type UserErrors = { message: string }[];

/**
 * An operation Shopify did not start, retried by the job later: the usual reason is another operation of
 * this app still running (OPERATION_IN_PROGRESS), which passes.
 */
function notStarted(what: string, userErrors: UserErrors): Error {
  return unavailable(`Shopify refused the ${what}: ${userErrors.map((error) => error.message).join("; ")}`);
}

/** Runs a bulk query (a `#graphql` document with at least one connection) and resolves with its JSONL lines. */
export async function runBulkQuery(
  credentials: ShopifyCredentials,
  query: keyof AdminOperations,
): Promise<Record<string, unknown>[]> {
  const data = await adminGraphql(
    credentials,
    `#graphql
    mutation RunBulkQuery($query: String!) {
      bulkOperationRunQuery(query: $query, groupObjects: false) {
        bulkOperation { id }
        userErrors { field message code }
      }
    }`,
    { query },
  );
  const { bulkOperation = null, userErrors = [] } = data.bulkOperationRunQuery ?? {};
  if (!bulkOperation) throw notStarted("bulk query", userErrors);
  return resultLines(credentials, bulkOperation.id);
}

/**
 * Runs one mutation (a `#graphql` document) once per variables object through a bulk operation: the
 * variables are staged as a JSONL upload first. Resolves with each line's answer, by line number.
 */
export async function runBulkMutation<Document extends keyof AdminOperations>(
  credentials: ShopifyCredentials,
  mutation: Document,
  variables: AdminOperations[Document]["variables"][],
): Promise<BulkMutationLine<Document>[]> {
  const stagedUploadPath = await uploadVariables(credentials, variables);
  const data = await adminGraphql(
    credentials,
    `#graphql
    mutation RunBulkMutation($mutation: String!, $stagedUploadPath: String!) {
      bulkOperationRunMutation(mutation: $mutation, stagedUploadPath: $stagedUploadPath) {
        bulkOperation { id }
        userErrors { field message code }
      }
    }`,
    { mutation, stagedUploadPath },
  );
  const { bulkOperation = null, userErrors = [] } = data.bulkOperationRunMutation ?? {};
  if (!bulkOperation) throw notStarted("bulk mutation", userErrors);
  const lines = await resultLines(credentials, bulkOperation.id);
  return lines.map((line) => ({
    lineNumber: Number(line.__lineNumber),
    data: (line.data as AdminOperations[Document]["result"] | undefined) ?? null,
  }));
}

/** Stages the variables as a JSONL file (stagedUploadsCreate, then a form POST) and returns its path. */
async function uploadVariables(credentials: ShopifyCredentials, variables: unknown[]): Promise<string> {
  const data = await adminGraphql(
    credentials,
    `#graphql
    mutation StageBulkVariables($input: [StagedUploadInput!]!) {
      stagedUploadsCreate(input: $input) {
        stagedTargets { url parameters { name value } }
        userErrors { field message }
      }
    }`,
    {
      input: [
        {
          resource: "BULK_MUTATION_VARIABLES",
          filename: "bulk_op_vars.jsonl",
          mimeType: "text/jsonl",
          httpMethod: "POST",
        },
      ],
    },
  );
  const { stagedTargets = [], userErrors = [] } = data.stagedUploadsCreate ?? {};
  const [target] = stagedTargets ?? [];
  const key = target?.parameters.find((parameter) => parameter.name === "key")?.value;
  if (!target?.url || !key) throw notStarted("staged upload", userErrors);
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  const jsonl = variables.map((line) => JSON.stringify(line)).join("\n");
  form.append("file", new Blob([jsonl], { type: "text/jsonl" }), "bulk_op_vars.jsonl");
  const response = await fetch(target.url, {
    method: "POST",
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw upstreamFailed(`Shopify's staged upload answered ${response.status}`);
  return key;
}

/** Polls an operation until it ends and resolves with its result's lines (none when it found nothing). */
async function resultLines(credentials: ShopifyCredentials, id: string): Promise<Record<string, unknown>[]> {
  let waited = 0;
  for (let poll = 0; ; poll += 1) {
    const data = await adminGraphql(
      credentials,
      `#graphql
      query BulkOperationStatus($id: ID!) {
        node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } }
      }`,
      { id },
    );
    const operation = data.node && "status" in data.node ? data.node : null;
    if (!operation) throw upstreamFailed(`Shopify knows no bulk operation ${id}`);
    if (operation.status === "COMPLETED") return operation.url ? downloadLines(operation.url) : [];
    if (operation.status !== "CREATED" && operation.status !== "RUNNING") {
      throw upstreamFailed(
        `Shopify's bulk operation ended ${operation.status}${operation.errorCode ? ` (${operation.errorCode})` : ""}`,
      );
    }
    if (waited >= POLL_LIMIT_MS) throw unavailable("Shopify's bulk operation is still running");
    const waitMs = POLL_WAITS_MS[poll] ?? POLL_EVERY_MS;
    logger().debug(
      { shop: credentials.shopDomain, id, objects: operation.objectCount },
      "bulk operation running",
    );
    await pause(waitMs);
    waited += waitMs;
  }
}

async function downloadLines(url: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!response.ok) throw upstreamFailed(`Shopify's bulk result answered ${response.status}`);
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
