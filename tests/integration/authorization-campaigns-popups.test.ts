import { apiRouteCases, CAMPAIGN_OR_POPUP_ROUTE } from "../support/matrices/api-routes";
import { describeAuthorizationCells, useAuthorizationMatrix } from "../support/matrices/authorization-matrix";

/** authorization.test.ts's matrix for the campaign and popup routes, in a file of its own to run beside it. */
useAuthorizationMatrix();

describeAuthorizationCells(apiRouteCases.filter((row) => CAMPAIGN_OR_POPUP_ROUTE.test(row.pattern)));
