import { databaseFingerprint } from "../builders/route-fixtures";
import type { HttpClient, HttpResponse } from "../clients/http";
import type { Tally } from "./summary";

/** One hostile request: its label for failure messages, the path and an optional raw JSON body. */
export type BadRequest = { label: string; method: string; path: string; body?: string };

let clientAddress = 0;

/** A new client address for each hostile request (the app trusts X-Forwarded-For in these tests). */
export function nextClientAddress(): string {
  clientAddress += 1;
  return `10.${(clientAddress >> 16) & 255}.${(clientAddress >> 8) & 255}.${clientAddress & 255}`;
}

/**
 * Sends hostile requests one by one and returns what went wrong: any 5xx, a JSON endpoint's 4xx
 * without a `{ message }`, or a refused mutation that changed the database. Each request comes from
 * its own client address (the app trusts X-Forwarded-For here), so per-address limits do not hide
 * the validation behind a 429. `settle` waits for the app's background jobs: the database is read
 * before a request only once what earlier requests set off is done, and after it once what it set off is.
 */
export async function sendBadRequests(
  client: HttpClient,
  requests: BadRequest[],
  options: { json: boolean; tally: Tally; settle: () => Promise<void> },
): Promise<string[]> {
  const problems: string[] = [];
  for (const request of requests) {
    await options.settle();
    const fingerprint = request.method === "GET" ? "" : await databaseFingerprint();
    const headers: Record<string, string> = { "X-Forwarded-For": nextClientAddress() };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await client.request(request.method, request.path, undefined, {
      body: request.body,
      headers,
    });
    options.tally.tried();
    const problem = judge(response, options.json);
    if (problem) {
      if (response.status >= 500) options.tally.add("5xx");
      problems.push(`${request.method} ${request.path.slice(0, 80)} [${request.label}]: ${problem}`);
      continue;
    }
    if (request.method !== "GET" && response.status >= 400) {
      await options.settle();
      if ((await databaseFingerprint()) !== fingerprint) {
        problems.push(
          `${request.method} ${request.path.slice(0, 80)} [${request.label}]: refused but changed data`,
        );
      }
    }
    options.tally.add(response.status >= 400 ? "refused" : "accepted");
    options.tally.passed();
  }
  return problems;
}

function judge(response: HttpResponse, json: boolean): string | undefined {
  if (response.status >= 500) return `${response.status} ${response.text.slice(0, 200)}`;
  if (!json || response.status < 400) return undefined;
  const message = (response.body as { message?: unknown } | undefined)?.message;
  if (typeof message !== "string" || message.trim() === "")
    return `${response.status} without a JSON message: ${response.text.slice(0, 200)}`;
  return undefined;
}
