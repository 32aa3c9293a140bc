import { describe, it } from "vitest";
import { apiRouteCases, CAMPAIGN_OR_POPUP_ROUTE } from "../support/matrices/api-routes";
import { badInputTally, describeAdminRoutes } from "../support/matrices/bad-input-suites";
import { expectSentinelUntouched, useHostileSetup } from "../support/matrices/hostile-setup";

/** bad-input.test.ts's matrix for the campaign and popup routes, in a file of its own to run beside it. */
const setup = useHostileSetup();

describeAdminRoutes(
  setup,
  apiRouteCases.filter((row) => CAMPAIGN_OR_POPUP_ROUTE.test(row.pattern)),
  badInputTally(),
);

describe("what the hostile requests left behind", () => {
  it("lost nothing stored before", async () => {
    await expectSentinelUntouched(setup);
  });
});
