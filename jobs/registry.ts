import type { JobPayloads, QueueName } from "./payloads";
import { processCampaignJob } from "./processors/campaigns";
import { processEmailJob } from "./processors/email";
import { processMaintenanceJob } from "./processors/maintenance";
import { processShopifyJob } from "./processors/shopify";

/** The processor of each queue: only the runners (worker, in-process) import this, never a service. */
export const processors: { [Q in QueueName]: (payload: JobPayloads[Q]) => Promise<unknown> } = {
  email: processEmailJob,
  shopify: processShopifyJob,
  campaigns: processCampaignJob,
  maintenance: processMaintenanceJob,
};
