import { applyRetention } from "~/services/retention/retention.server";
import type { MaintenanceJob } from "../payloads";

export async function processMaintenanceJob(job: MaintenanceJob): Promise<unknown> {
  switch (job.type) {
    case "apply-retention":
      return applyRetention();
  }
}
