import { apiRoute, readJson } from "~/http/json.server";
import { resetPasswordSchema } from "~/lib/schemas/auth";
import { resetPassword } from "~/services/auth.server";

const handle = apiRoute({
  POST: async ({ request, context }) => {
    const { token, password } = await readJson(request, resetPasswordSchema);
    await resetPassword(token, password, context.ip);
    return { message: "Password Set Successfully" };
  },
});

export const loader = handle;
export const action = handle;
