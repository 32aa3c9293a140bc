import { apiRoute } from "~/http/json.server";
import { requireActor } from "~/services/actor.server";
import { listMembers } from "~/services/members.server";

const handle = apiRoute({
  GET: async ({ request }) => listMembers(await requireActor(request)),
});

export const loader = handle;
export const action = handle;
