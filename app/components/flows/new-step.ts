import { defaultCampaignContent } from "~/lib/schemas/campaign-content";
import type { FlowStep } from "~/lib/schemas/flows";

export const NEW_STEP_LABELS = { email: "Email", wait: "Wait", branch: "Condition" } as const;
export type NewStepType = keyof typeof NEW_STEP_LABELS;

/**
 * A step to add at the end: an email starts from a new campaign's content (with the postal address of the
 * flow's other emails), a wait from a day, a condition from "has not used their code".
 */
export function newStep(type: NewStepType, steps: FlowStep[]): FlowStep {
  const id = `${type}-${Date.now().toString(36)}`;
  if (type === "wait") return { id, type, wait: { kind: "hours", hours: 24 } };
  if (type === "branch") return { id, type, condition: "code_used", expect: false, otherwise: null };
  const companyAddress = steps.find((step) => step.type === "email")?.content.companyAddress ?? "";
  return {
    id,
    type,
    subject: "A note from us",
    preheader: "",
    fromName: "",
    discountCode: "",
    content: { ...defaultCampaignContent, companyAddress },
  };
}
