import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { resendInvitation } from "~/services/access/members.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const { email } = await resendInvitation(await requireActor(request), params.memberId ?? "");
    return { message: `Invitation sent again to ${email}` };
  },
});

export { action, loader };
