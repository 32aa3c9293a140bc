import { apiRoute, readJson } from "~/http/json.server";
import { forgotPasswordSchema, MESSAGES } from "~/lib/schemas/auth";
import { requestPasswordReset } from "~/services/access/auth.server";

const { loader, action } = apiRoute({
  POST: async ({ request, context }) => {
    const { email } = await readJson(request, forgotPasswordSchema);
    await requestPasswordReset(email, context.ip);
    return { message: MESSAGES.resetSent };
  },
});

export { action, loader };
