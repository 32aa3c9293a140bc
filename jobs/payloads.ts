import { z } from "zod";
import { campaignsQueue } from "./queues/campaigns.config";
import { emailQueue } from "./queues/email.config";
import { maintenanceQueue } from "./queues/maintenance.config";
import { shopifyQueue } from "./queues/shopify.config";
import type { QueueConfig } from "./queues/types";

/**
 * Every job's name and payload: what services may enqueue. Jobs carry ids and the little the work needs,
 * never a token or a password. This module knows no processor, so services can import it.
 */
export const emailJobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("password-reset"), userId: z.uuid() }),
  z.object({ type: z.literal("member-invite"), userId: z.uuid(), invitedBy: z.string().max(254) }),
  z.object({ type: z.literal("welcome"), subscriberId: z.uuid(), again: z.boolean().optional() }),
  z.object({ type: z.literal("confirmation"), subscriberId: z.uuid(), again: z.boolean().optional() }),
  z.object({ type: z.literal("send-pending-welcomes") }),
  z.object({ type: z.literal("subscriber-digest"), storeId: z.uuid() }),
  z.object({ type: z.literal("unsubscribe-check"), storeId: z.uuid() }),
  z.object({ type: z.literal("daily-summary") }),
  z.object({ type: z.literal("notification-address-confirmation"), userId: z.uuid() }),
]);

const shop = z.string().min(1);
const customer = z.object({
  id: z.number().nullable(),
  email: z.string().nullable(),
  /** The orders Shopify names with the request (absent in jobs queued before). */
  orders: z.array(z.string()).default([]),
});

/**
 * The work each Shopify webhook queues: a shop domain, codes, an order's id and total, a customer's id, email
 * and orders' ids, a checkout's token, email and recovery link; never an access token.
 */
export const webhookJobSchemas = [
  z.object({ type: z.literal("shop-scopes-updated"), shop, scopes: z.array(z.string()) }),
  z.object({
    type: z.literal("order-codes-used"),
    shop,
    codes: z.array(z.string()),
    /** The order for revenue attribution; absent when Shopify's payload lacked it (and in jobs queued before). */
    order: z
      .object({ orderId: z.string(), total: z.string(), currency: z.string(), orderedAt: z.string() })
      .nullish(),
    /** The checkout the order completed (absent in jobs queued before). */
    checkoutToken: z.string().nullish(),
  }),
  z.object({
    type: z.literal("checkout-updated"),
    shop,
    checkout: z.object({
      token: z.string(),
      email: z.string().nullable(),
      recoveryUrl: z.string().nullable(),
      completed: z.boolean(),
      updatedAt: z.string().nullable(),
    }),
  }),
  z.object({ type: z.literal("customer-data-request"), shop, customer }),
  z.object({ type: z.literal("customer-redact"), shop, customer }),
  z.object({ type: z.literal("shop-redact"), shop }),
] as const;

export const shopifyJobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("create-discount-code"), subscriberId: z.uuid() }),
  z.object({ type: z.literal("sync-coupon-usage"), storeId: z.uuid() }),
  z.object({ type: z.literal("check-discount-code"), storeId: z.uuid(), popupId: z.uuid().optional() }),
  z.object({ type: z.literal("consent-sync"), subscriberId: z.uuid() }),
  z.object({ type: z.literal("consent-backfill"), storeId: z.uuid() }),
  z.object({ type: z.literal("publish-storefront-settings"), storeId: z.uuid() }),
  ...webhookJobSchemas,
]);

/**
 * A scheduled campaign's start, a campaign's delivery, the sweep that restarts both after a crash, and the
 * flows' sweep (new subscribers in, due steps run, flow messages sent).
 */
export const campaignJobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start-campaign"), campaignId: z.uuid() }),
  z.object({ type: z.literal("deliver-campaign"), campaignId: z.uuid() }),
  z.object({ type: z.literal("campaign-sweep") }),
  z.object({ type: z.literal("flow-sweep") }),
]);

/** Housekeeping across every store: deleting and clearing what is past its retention period. */
export const maintenanceJobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("apply-retention") }),
]);

export type EmailJob = z.infer<typeof emailJobSchema>;
export type WebhookJob = z.infer<(typeof webhookJobSchemas)[number]>;
export type ShopifyJob = z.infer<typeof shopifyJobSchema>;
export type CampaignJob = z.infer<typeof campaignJobSchema>;
export type MaintenanceJob = z.infer<typeof maintenanceJobSchema>;

/** Every queue with its payload type: enqueue() is typed by this map. */
export type JobPayloads = {
  email: EmailJob;
  shopify: ShopifyJob;
  campaigns: CampaignJob;
  maintenance: MaintenanceJob;
};
export type QueueName = keyof JobPayloads;

/** Each queue's behaviour and payload schema. */
export const queueDefinitions: {
  [Q in QueueName]: { config: QueueConfig; schema: z.ZodType<JobPayloads[Q]> };
} = {
  email: { config: emailQueue, schema: emailJobSchema },
  shopify: { config: shopifyQueue, schema: shopifyJobSchema },
  campaigns: { config: campaignsQueue, schema: campaignJobSchema },
  maintenance: { config: maintenanceQueue, schema: maintenanceJobSchema },
};
