import { data } from "react-router";
import { apiRoute } from "~/http/json.server";
import { clearedSessionCookie, readSessionToken } from "~/http/session-cookie.server";
import { logout } from "~/services/access/auth.server";

const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await logout(await readSessionToken(request));
    return data({ message: "Logged out" }, { headers: { "Set-Cookie": await clearedSessionCookie() } });
  },
});

export { action, loader };
