import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { deleteMember } from "~/services/access/members.server";

const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    await deleteMember(await requireActor(request), params.memberId ?? "");
    return { message: "Member deleted successfully" };
  },
});

export { action, loader };
