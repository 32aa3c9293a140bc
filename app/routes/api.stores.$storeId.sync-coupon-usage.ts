import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { assertCanSync, type SyncResult } from "~/services/shopify/coupon-sync.server";
import { getSyncProgress } from "~/services/shopify/sync-progress.server";
import { runAndWait } from "../../jobs/client";

/** A request waits this long for the sync job; a longer sync goes on and the next click shows its result. */
const WAIT_MS = 25_000;

const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    getSyncProgress(await assertCanSync(await requireActor(request), params.storeId ?? "")),
  POST: async ({ request, params }) => {
    const storeId = await assertCanSync(await requireActor(request), params.storeId ?? "");
    try {
      return (await runAndWait("shopify", { type: "sync-coupon-usage", storeId }, WAIT_MS)) as SyncResult;
    } catch (error) {
      if (!(error instanceof Error) || !/timed out/i.test(error.message)) throw error;
      return data(
        { message: "The sync is still running; check again in a minute", updatedCount: 0 },
        { status: 202 },
      );
    }
  },
});

export { action, loader };
