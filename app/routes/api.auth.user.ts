import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";

const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const actor = await requireActor(request);
    return {
      user: { email: actor.email, role: actor.role, permissions: actor.permissions },
      sessionExpiresAt: actor.sessionExpiresAt.toISOString(),
    };
  },
});

export { action, loader };
