import { data } from "react-router";
import { apiRoute, readJson } from "~/http/json.server";
import { readSessionToken, sessionCookie } from "~/http/session-cookie.server";
import { loginSchema } from "~/lib/schemas/auth";
import { login, logout } from "~/services/access/auth.server";

const { loader, action } = apiRoute({
  POST: async ({ request, context }) => {
    const input = await readJson(request, loginSchema);
    const { user, session } = await login(input, context.ip);
    // A new session id at every login (session fixation); the old one ends.
    await logout(await readSessionToken(request));
    return data(user, { headers: { "Set-Cookie": await sessionCookie(session.token) } });
  },
});

export { action, loader };
