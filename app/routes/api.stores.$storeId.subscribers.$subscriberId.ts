import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { deleteSubscriber, getSubscriber } from "~/services/subscribers/list.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    getSubscriber(await requireActor(request), params.storeId ?? "", params.subscriberId ?? ""),
  DELETE: async ({ request, params }) => {
    await deleteSubscriber(await requireActor(request), params.storeId ?? "", params.subscriberId ?? "");
    return { message: "Subscriber deleted" };
  },
});

export { action, loader };
