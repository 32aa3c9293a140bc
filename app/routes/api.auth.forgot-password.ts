import { apiRoute, readJson } from "~/http/json.server";
import { forgotPasswordSchema, MESSAGES } from "~/lib/schemas/auth";
import { requestPasswordReset } from "~/services/auth.server";

const route = apiRoute({
  POST: async ({ request, context }) => {
    const { email } = await readJson(request, forgotPasswordSchema);
    await requestPasswordReset(email, context.ip);
    return { message: MESSAGES.resetSent };
  },
});

export const loader = route.loader;
export const action = route.action;
