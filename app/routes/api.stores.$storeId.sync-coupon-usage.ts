import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { couponSyncProgress, runCouponSync } from "~/services/shopify/coupon-sync.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => couponSyncProgress(await requireActor(request), params.storeId ?? ""),
  POST: async ({ request, params }) => {
    const answer = await runCouponSync(await requireActor(request), params.storeId ?? "");
    // Still running: accepted, not failed; the next click (or GET) shows the result.
    return answer.finished ? answer.result : data(answer.result, { status: 202 });
  },
});

export { action, loader };
