import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { listMembers } from "~/services/access/members.server";

const handle = apiRoute({
  GET: async ({ request }) => listMembers(await requireActor(request)),
});

export const loader = handle;
export const action = handle;
