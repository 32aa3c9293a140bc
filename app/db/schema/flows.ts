import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type FlowStep, flowStatuses, flowTriggers } from "~/lib/schemas/flows";
import { messageColumns } from "./campaigns";
import { stores } from "./stores";
import { subscribers } from "./subscribers";

export const flowStatus = pgEnum("flow_status", flowStatuses);
export const flowTrigger = pgEnum("flow_trigger", flowTriggers);

/** An automation (issue 33, docs/decisions/191): a trigger and its steps, in order. */
export const flows = pgTable(
  "flows",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The built-in flow it started from (welcome-series, abandoned-checkout), if any. */
    template: text(),
    trigger: flowTrigger().notNull(),
    status: flowStatus().notNull().default("paused"),
    steps: jsonb().$type<FlowStep[]>().notNull(),
    /** An order attributed to the subscriber ends their run. */
    exitOnOrder: boolean().notNull().default(true),
    /** An abandoned-checkout flow starts this long after the checkout was last updated. */
    checkoutDelayMinutes: integer().notNull().default(60),
    /** Where a wait "until a weekday and hour" is read. */
    timeZone: text().notNull().default("UTC"),
    /**
     * Subscriptions (and confirmations) up to this time have entered the flow: the engine's next look starts
     * a little before it (docs/decisions/191). Set when the flow goes live, so nobody from before enters.
     */
    enteredThrough: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("flows_store_idx").on(table.storeId, table.createdAt)],
);

/** active: on its way (stepId is the next step, due at runAt); completed: past its last step; exited: ended early. */
export const flowRunStatus = pgEnum("flow_run_status", ["active", "completed", "exited"]);

/**
 * One subscriber's way through a flow: one per (flow, subscriber) for a subscriber's trigger, one per checkout
 * for an abandoned checkout (`triggerKey`, the checkout's token). A step runs inside the transaction that
 * moves `stepId` past it, so it runs once whoever advances the run.
 */
export const flowRuns = pgTable(
  "flow_runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    flowId: uuid()
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    triggerKey: text().notNull().default(""),
    status: flowRunStatus().notNull().default("active"),
    /** The next step to run (null: the run is past its last step). */
    stepId: text(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    exitReason: text(),
    /** The abandoned checkout's recovery link (abandoned_checkout_url). */
    checkoutUrl: text(),
    triggeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When its first step ran; null while an abandoned checkout waits for its delay. */
    enteredAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique("flow_runs_flow_subscriber_key_unique").on(table.flowId, table.subscriberId, table.triggerKey),
    index("flow_runs_due_idx").on(table.runAt).where(sql`${table.status} = 'active'`),
    index("flow_runs_checkout_idx").on(table.storeId, table.triggerKey).where(sql`${table.triggerKey} <> ''`),
  ],
);

/**
 * A flow email step's message to one run's subscriber: the outbox row (leases.server.ts) that makes it go
 * once, written in the transaction that moves the run past the step.
 */
export const flowSends = pgTable(
  "flow_sends",
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => flowRuns.id, { onDelete: "cascade" }),
    flowId: uuid()
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    stepId: text().notNull(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    subscriberId: uuid().references(() => subscribers.id, { onDelete: "set null" }),
    ...messageColumns(),
  },
  (table) => [
    uniqueIndex("flow_sends_run_step_unique").on(table.runId, table.stepId),
    index("flow_sends_due_idx").on(table.status, table.lockedUntil),
    index("flow_sends_flow_step_idx").on(table.flowId, table.stepId),
    index("flow_sends_subscriber_idx").on(table.subscriberId),
  ],
);
