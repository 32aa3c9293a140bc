import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { inviteMemberSchema } from "~/lib/schemas/members";
import { inviteMember } from "~/services/access/members.server";

const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, inviteMemberSchema);
    return data(await inviteMember(actor, input), { status: 201 });
  },
});

export { action, loader };
