import { apiRoute } from "~/http/json.server";
import { requireActor } from "~/services/access/actor.server";
import { listMembers } from "~/services/access/members.server";

const handle = apiRoute({
  GET: async ({ request }) => listMembers(await requireActor(request)),
});

export const loader = handle;
export const action = handle;
