import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { deleteSubscriber, getSubscriber } from "~/services/subscribers/list.server";

const handle = apiRoute({
  GET: async ({ request, params }) =>
    getSubscriber(await requireActor(request), params.storeId ?? "", params.subscriberId ?? ""),
  DELETE: async ({ request, params }) => {
    await deleteSubscriber(await requireActor(request), params.storeId ?? "", params.subscriberId ?? "");
    return { message: "Subscriber deleted" };
  },
});

export const loader = handle;
export const action = handle;
