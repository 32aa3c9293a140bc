import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { discardHeldEmails, heldEmails, sendHeldEmails } from "~/services/email/held.server";

/**
 * The store's emails held because its email is not set up: how many (GET), send them now that it is
 * (POST), or discard them (DELETE). Each change answers with what is still held.
 */
const { loader, action } = apiRoute({
  GET: async ({ request, params }) => heldEmails(await requireActor(request), params.storeId ?? ""),
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { queued } = await sendHeldEmails(actor, params.storeId ?? "");
    return { queued, held: await heldEmails(actor, params.storeId ?? "") };
  },
  DELETE: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { discarded } = await discardHeldEmails(actor, params.storeId ?? "");
    return { discarded, held: await heldEmails(actor, params.storeId ?? "") };
  },
});

export { action, loader };
