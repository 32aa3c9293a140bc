import { apiRoute, readJson } from "~/http/json.server";
import { resetPassword } from "~/services/access/auth.server";
import { resetPasswordRequestSchema } from "~/services/access/password-policy.server";

const { loader, action } = apiRoute({
  POST: async ({ request, context }) => {
    const { token, password } = await readJson(request, resetPasswordRequestSchema);
    await resetPassword(token, password, context.ip);
    return { message: "Password Set Successfully" };
  },
});

export { action, loader };
