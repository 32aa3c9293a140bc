import { data } from "react-router";
import { apiRoute } from "~/http/json.server";
import { logout } from "~/services/auth.server";
import { clearedSessionCookie, readSessionToken } from "~/services/sessions.server";

const route = apiRoute({
  POST: async ({ request }) => {
    await logout(readSessionToken(request));
    return data({ message: "Logged out" }, { headers: { "Set-Cookie": clearedSessionCookie() } });
  },
});

export const loader = route.loader;
export const action = route.action;
