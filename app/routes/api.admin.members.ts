import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { listMembers } from "~/services/access/members.server";

const { loader, action } = apiRoute({
  GET: async ({ request }) => listMembers(await requireActor(request)),
});

export { action, loader };
