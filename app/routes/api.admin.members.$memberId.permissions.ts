import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updatePermissionsSchema } from "~/lib/schemas/members";
import { updateMemberPermissions } from "~/services/access/members.server";

const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { permissions } = await readJson(request, updatePermissionsSchema);
    return updateMemberPermissions(actor, params.memberId ?? "", permissions);
  },
});

export { action, loader };
