import { logger } from "~/server/logger.server";
import { deliverFlowMessages } from "./delivery.server";
import { advanceDueRuns, enterFlows } from "./engine.server";

/**
 * Every few seconds (jobs/schedules.ts), on any worker, as often as it is queued: lets new subscribers into
 * live flows, advances the due runs and sends the flow messages due. Each part is safe to run in several
 * processes at once (engine.server.ts, delivery.server.ts), so a dead worker's share is taken by the next sweep.
 */
export async function sweepFlows(now = new Date()): Promise<void> {
  const entered = await enterFlows(now);
  const advanced = await advanceDueRuns(now);
  if (entered > 0 || advanced > 0) logger().info({ entered, advanced }, "flow runs advanced");
  await deliverFlowMessages(now);
}
