import { data } from "react-router";
import { readTrustedDevice, trustedDeviceCookie } from "~/http/device-cookie.server";
import { apiRoute, readJson } from "~/http/json.server";
import { readSessionToken, sessionCookie } from "~/http/session-cookie.server";
import { loginSchema } from "~/lib/schemas/auth";
import { login, logout } from "~/services/access/auth.server";

const { loader, action } = apiRoute({
  POST: async ({ request, context }) => {
    const input = await readJson(request, loginSchema);
    const { user, session, device } = await login(input, {
      ip: context.ip,
      device: await readTrustedDevice(request),
    });
    // A new session id at every login (session fixation); the old one ends.
    await logout(await readSessionToken(request));
    const headers = new Headers();
    headers.append("Set-Cookie", await sessionCookie(session.token));
    headers.append("Set-Cookie", await trustedDeviceCookie(device));
    return data(user, { headers });
  },
});

export { action, loader };
