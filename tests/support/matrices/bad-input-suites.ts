import { describe, expect, it } from "vitest";
import { type ApiRouteCase, pathOf } from "./api-routes";
import { badBodies, badPaths, badQueries } from "./bad-input";
import { type BadRequest, sendBadRequests } from "./bad-input-runner";
import type { HostileSetup } from "./hostile-setup";
import { openEndpointCases, openPathOf } from "./open-endpoints";
import { printSummary, type Tally } from "./summary";

/**
 * The hostile-input matrices: malformed JSON, wrong types, huge strings, odd unicode, CRLF, script and SQL
 * payloads in the paths, queries and bodies of each route. Never a 5xx, a 4xx says why in JSON, and a refusal
 * changes nothing (bad-input-runner.ts).
 */
export function badInputTally(): Tally {
  return printSummary(({ tried, figures }, n) => {
    const figure = (name: string) => n(figures.get(name) ?? 0);
    return `bad input: ${n(tried)} requests, ${figure("5xx")} 5xx, ${figure("refused")} refused, ${figure("accepted")} accepted`;
  });
}

const idValues = ({ target }: HostileSetup) => ({
  storeId: target.storeId,
  memberId: target.memberId,
  subscriberId: target.subscriberId,
  popupId: target.popupId,
  campaignId: target.campaignId,
  flowId: target.flowId,
  id: target.analyticsId,
});

/** Bodies go where the route reads one; a DELETE of the target itself (store, member) would empty the fixture. */
const readsBody = (row: ApiRouteCase) =>
  row.body !== undefined || row.method === "POST" || row.method === "PUT";

/** Each signed-in API route of `rows`, sent hostile input as the organization's admin. */
export function describeAdminRoutes(setup: HostileSetup, rows: ApiRouteCase[], tally: Tally): void {
  describe.each(rows)("$method /$pattern as an admin", (row) => {
    it("answers hostile input with a 4xx JSON message, never a 5xx, and a refusal changes nothing", async () => {
      const path = pathOf(row.pattern, setup.target);
      const requests: BadRequest[] = [
        ...badPaths(row.pattern, idValues(setup)).map((bad) => ({ ...bad, method: row.method })),
        ...(row.method === "GET" ? badQueries(path).map((bad) => ({ ...bad, method: row.method })) : []),
        ...(readsBody(row)
          ? badBodies(() => row.body?.(setup.target) ?? {}).map((bad) => ({
              ...bad,
              method: row.method,
              path,
            }))
          : []),
      ];
      expect(
        await sendBadRequests(setup.admin, requests, { json: true, tally, settle: setup.app.settle }),
      ).toEqual([]);
    });
  });
}

/** Each public endpoint (storefront, email links), sent hostile input anonymously. */
export function describeOpenEndpoints(setup: HostileSetup, tally: Tally): void {
  describe.each(openEndpointCases)("$method /$pattern, anonymous", (row) => {
    it("answers hostile input with a 4xx, never a 5xx, and a refusal changes nothing", async () => {
      const path = openPathOf(row.pattern, setup.open);
      const values: Record<string, string> = { ...setup.open };
      const requests: BadRequest[] = [
        ...badPaths(row.pattern, values).map((bad) => ({ ...bad, method: row.method })),
        ...(row.body ? badBodies(row.body).map((bad) => ({ ...bad, method: row.method, path })) : []),
      ];
      expect(
        await sendBadRequests(setup.anonymous, requests, {
          json: row.kind === "json",
          tally,
          settle: setup.app.settle,
        }),
      ).toEqual([]);
    });
  });
}
