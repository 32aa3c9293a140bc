import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { databaseFingerprint, freshFixture } from "../support/builders/route-fixtures";
import { sqlRows } from "../support/infra/db";
import {
  apiRouteCases,
  apiSearchCases,
  CAMPAIGN_OR_POPUP_ROUTE,
  unauthenticatedApiPatterns,
} from "../support/matrices/api-routes";
import {
  describeAuthorizationCells,
  describeCrossSiteCalls,
  owner,
  useAuthorizationMatrix,
} from "../support/matrices/authorization-matrix";

/**
 * Who may call what (SPEC §6), on every API route: the matrix of callers for the routes other than
 * campaigns' and popups' (authorization-campaigns-popups.test.ts has those), the cross-site guard on every
 * mutating route, and the route table's completeness.
 */
useAuthorizationMatrix();

describe("the check that a refusal changed nothing", () => {
  it("sees a row added, changed or removed, and not a write that left every row as it was", async () => {
    const fixture = await freshFixture(owner.organization.id, owner.admin.id);
    const before = await databaseFingerprint();
    await sqlRows("update stores set name = name where id = $1", [fixture.storeId]);
    expect(await databaseFingerprint()).toBe(before);
    await sqlRows("update stores set name = name || '!' where id = $1", [fixture.storeId]);
    const changed = await databaseFingerprint();
    expect(changed).not.toBe(before);
    await sqlRows("delete from email_click_tracking where store_id = $1", [fixture.storeId]);
    expect(await databaseFingerprint()).not.toBe(changed);
  });
});

describe("the route table", () => {
  it("lists every /api route of app/routes.ts", () => {
    const patterns: string[] = [];
    const walk = (entries: { path?: string; children?: unknown[] }[]) => {
      for (const entry of entries) {
        if (entry.path?.startsWith("api/")) patterns.push(entry.path);
        if (entry.children) walk(entry.children as { path?: string; children?: unknown[] }[]);
      }
    };
    walk(routes);
    const covered = new Set([...apiRouteCases.map((row) => row.pattern), ...unauthenticatedApiPatterns]);
    expect(patterns.filter((pattern) => !covered.has(pattern))).toEqual([]);
  });
});

describeAuthorizationCells([
  ...apiRouteCases.filter((row) => !CAMPAIGN_OR_POPUP_ROUTE.test(row.pattern)),
  ...apiSearchCases,
]);
describeCrossSiteCalls(apiRouteCases);
