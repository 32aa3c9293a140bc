import type { FlowTest } from "~/lib/schemas/flows";
import { notFound } from "~/server/domain-errors.server";
import type { Actor } from "~/services/access/actor.server";
import { sendMessageTest } from "~/services/campaigns/test-send.server";
import { requireFlow } from "./crud.server";
import { asMail } from "./delivery.server";

/** POST …/flows/:flowId/test: one email step of the saved flow to one address, as a campaign's test goes. */
export async function sendFlowTest(actor: Actor, storeId: string, flowId: string, { to, stepId }: FlowTest) {
  const flow = await requireFlow(actor, storeId, flowId);
  const step = flow.steps.find((candidate) => candidate.id === stepId);
  if (step?.type !== "email") throw notFound("Email step not found");
  return sendMessageTest(actor, storeId, asMail(flow, step), to);
}
