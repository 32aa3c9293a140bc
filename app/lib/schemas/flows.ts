import { z } from "zod";
import { campaignContentSchema } from "./campaign-content";
import { testRecipientSchema } from "./email-settings";
import { discountCodeText } from "./popup-values";
import { requiredField as required, textField as text } from "./text-field";
import { timeZoneSchema } from "./time-zone";

/**
 * Automations (issue 33, docs/decisions/191): a flow is a trigger and steps in order. A run per subscriber
 * (and checkout) goes through the steps; the engine is app/services/flows/engine.server.ts.
 */

/** live: subscribers enter it and its runs go on; paused: nobody enters, its runs wait where they are. */
export const flowStatuses = ["live", "paused"] as const;
export type FlowStatus = (typeof flowStatuses)[number];

/**
 * subscribed: joined the list (popup or import) and may be mailed (a double opt-in address once it confirmed);
 * confirmed: confirmed a double opt-in; checkout_abandoned: a Shopify checkout left by a subscriber.
 */
export const flowTriggers = ["subscribed", "confirmed", "checkout_abandoned"] as const;
export type FlowTrigger = (typeof flowTriggers)[number];

/**
 * What a branch looks at: the subscriber's code used (coupon sync, orders/create), an order attributed to
 * them since the run began, a click in the run's previous email. Opens are not measured (no tracking pixel).
 */
export const branchConditions = ["code_used", "ordered", "clicked_previous"] as const;
export type BranchCondition = (typeof branchConditions)[number];

/** Why a run ended before its last step. */
export const exitReasons = [
  "unsubscribed",
  "bounced",
  "complained",
  "ordered",
  "checkout_completed",
  "condition",
  "step_removed",
  "subscriber_deleted",
] as const;
export type ExitReason = (typeof exitReasons)[number];

export const templates = ["welcome-series", "abandoned-checkout"] as const;
export type FlowTemplate = (typeof templates)[number];

const MAX_STEPS = 20;
const MAX_WAIT_HOURS = 24 * 365;

const stepId = z
  .string({ error: "Step id must be text" })
  .regex(/^[\w-]{1,40}$/, "Step id must be 1 to 40 letters, digits, - or _");

/** An email edited like a campaign: subject, preheader, sender name, its own code or the subscriber's, blocks. */
const emailStep = z
  .object({
    id: stepId,
    type: z.literal("email"),
    subject: required("Subject", 200),
    preheader: text("Preheader", 200).default(""),
    fromName: text("From name", 100).default(""),
    discountCode: discountCodeText.default(""),
    content: campaignContentSchema,
  })
  .strict();

/** The store's welcome email, sent by the subscription itself (Settings → Email template): a flow counts it. */
const welcomeStep = z.object({ id: stepId, type: z.literal("welcome") }).strict();

const waitFor = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("hours"),
        hours: z
          .number({ error: "Hours must be a number" })
          .int("Hours must be a whole number")
          .min(1, "Wait at least 1 hour")
          .max(MAX_WAIT_HOURS, "Wait at most a year"),
      })
      .strict(),
    /** Until the next such weekday (0 Sunday … 6 Saturday) and hour in the flow's time zone. */
    z
      .object({
        kind: z.literal("weekday"),
        weekday: z.number().int().min(0, "Weekday is 0 to 6").max(6, "Weekday is 0 to 6"),
        hour: z.number().int().min(0, "Hour is 0 to 23").max(23, "Hour is 0 to 23"),
      })
      .strict(),
    /** Until `days` before the subscriber's code ends (subscribed + the popup's code validity). */
    z
      .object({
        kind: z.literal("before_code_ends"),
        days: z.number().int().min(0, "Days must be 0 or more").max(365, "Days must be at most 365"),
      })
      .strict(),
  ],
  { error: "Wait kind must be hours, weekday or before_code_ends" },
);

const waitStep = z.object({ id: stepId, type: z.literal("wait"), wait: waitFor }).strict();

/** Goes on when `condition` is `expect`; otherwise to `otherwise` (a later step's id) or, when null, ends the run. */
const branchStep = z
  .object({
    id: stepId,
    type: z.literal("branch"),
    condition: z.enum(branchConditions, {
      error: `Condition must be one of ${branchConditions.join(", ")}`,
    }),
    expect: z.boolean({ error: "expect must be true or false" }),
    otherwise: stepId.nullable().default(null),
  })
  .strict();

export const flowStepSchema = z.discriminatedUnion("type", [emailStep, welcomeStep, waitStep, branchStep], {
  error: "Step type must be one of email, welcome, wait or branch",
});
export type FlowStep = z.infer<typeof flowStepSchema>;
export type EmailStep = Extract<FlowStep, { type: "email" }>;
export type WaitStep = Extract<FlowStep, { type: "wait" }>;
export type BranchStep = Extract<FlowStep, { type: "branch" }>;

const steps = z
  .array(flowStepSchema, { error: "steps must be a list of steps" })
  .min(1, "Add at least one step")
  .max(MAX_STEPS, `A flow has at most ${MAX_STEPS} steps`)
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((step, index) => {
      if (seen.has(step.id))
        context.addIssue({ code: "custom", path: [index, "id"], message: "Each step needs its own id" });
      seen.add(step.id);
    });
    list.forEach((step, index) => {
      if (step.type !== "branch" || step.otherwise === null) return;
      const target = list.findIndex((other) => other.id === step.otherwise);
      if (target <= index)
        context.addIssue({
          code: "custom",
          path: [index, "otherwise"],
          message: "A branch can only skip ahead to a later step",
        });
    });
  });

const fields = {
  name: required("Name", 100),
  trigger: z.enum(flowTriggers, { error: `Trigger must be one of ${flowTriggers.join(", ")}` }),
  status: z.enum(flowStatuses, { error: "Status must be live or paused" }),
  steps,
  /** An order attributed to the subscriber ends the run (on by default). */
  exitOnOrder: z.boolean({ error: "exitOnOrder must be true or false" }),
  /** How long a checkout must be left before the abandoned-checkout flow starts. */
  checkoutDelayMinutes: z
    .number({ error: "checkoutDelayMinutes must be a number" })
    .int()
    .min(15, "Wait at least 15 minutes for a checkout")
    .max(7 * 24 * 60, "Wait at most 7 days for a checkout"),
  timeZone: timeZoneSchema,
};

/** POST …/flows: a built-in flow (paused until started), or one of the merchant's own. */
export const newFlowSchema = z.union(
  [
    z
      .object({
        template: z.enum(templates, { error: "template must be welcome-series or abandoned-checkout" }),
      })
      .strict(),
    z
      .object({
        ...fields,
        status: fields.status.default("paused"),
        exitOnOrder: fields.exitOnOrder.default(true),
        checkoutDelayMinutes: fields.checkoutDelayMinutes.default(60),
        timeZone: fields.timeZone.default("UTC"),
      })
      .strict(),
  ],
  { error: "Send a template (welcome-series or abandoned-checkout), or a name, trigger and steps" },
);
export type NewFlow = z.infer<typeof newFlowSchema>;

/** PUT …/flows/:flowId: any of the fields; `steps` replaces the list. */
export const updateFlowSchema = z.object(fields).partial().strict();
export type FlowUpdate = z.infer<typeof updateFlowSchema>;

/** POST …/flows/:flowId/test: one email step of the saved flow, to one address. */
export const flowTestSchema = testRecipientSchema.extend({ stepId }).strict();
export type FlowTest = z.infer<typeof flowTestSchema>;
