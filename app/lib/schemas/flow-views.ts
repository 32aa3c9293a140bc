import type { ExitReason, FlowStatus, FlowStep, FlowTrigger } from "./flows";
import type { AttributedRevenue } from "./popup-stats";

/** What the flows API answers; through the JSON API a Date arrives as a string. */

type FlowFields = {
  id: string;
  storeId: string;
  name: string;
  template: string | null;
  trigger: FlowTrigger;
  status: FlowStatus;
  steps: FlowStep[];
  exitOnOrder: boolean;
  checkoutDelayMinutes: number;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
};

/** One row of GET /api/stores/:storeId/flows. */
export type FlowListItem = FlowFields & { entered: number; active: number; revenue: AttributedRevenue[] };

/**
 * GET (and PUT) /api/stores/:storeId/flows/:flowId: the flow, and how many active runs have not reached
 * each step yet (an edit of that step applies to them; runs past it keep what they had).
 */
export type FlowDetail = FlowFields & { active: number; runsBefore: Record<string, number> };

/** One step's results. */
export type FlowStepStats = {
  stepId: string;
  type: FlowStep["type"];
  /** Runs that reached the step. */
  entered: number;
  /** Emails: sent, failed, skipped, waiting; null for other steps. */
  sent: number | null;
  failed: number | null;
  /** Opens are not measured (no tracking pixel): always null. */
  opened: null;
  clicked: number | null;
  revenue: AttributedRevenue[];
};

/** GET /api/stores/:storeId/flows/:flowId/stats. */
export type FlowStats = {
  entered: number;
  active: number;
  completed: number;
  exited: Partial<Record<ExitReason, number>>;
  sent: number;
  clicked: number;
  opened: null;
  revenue: AttributedRevenue[];
  steps: FlowStepStats[];
};
