import { type Cookie, createCookie } from "react-router";
import { isProduction } from "~/server/env.server";
import { secrets } from "~/server/secrets.server";
import { asTrustedDevice, type TrustedDevice } from "~/services/access/trusted-devices.server";

/** Renewed at every sign-in: a browser unused for three months is a stranger again. */
const DEVICE_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;

let cookie: Cookie | undefined;

/**
 * np_device: the browser's trusted-device record (ADR 033), signed with SESSION_SECRET so no one can name
 * an account they never signed in to. Only the sign-in and reset calls under /api/auth read it.
 */
function deviceCookie(): Cookie {
  cookie ??= createCookie("np_device", {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "strict",
    secure: isProduction(),
    secrets: [secrets().sessionSecret],
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return cookie;
}

/** The request's trusted device; a missing, forged or garbled cookie is none. */
export async function readTrustedDevice(request: Request): Promise<TrustedDevice | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return asTrustedDevice(value);
}

export function trustedDeviceCookie(device: TrustedDevice): Promise<string> {
  return deviceCookie().serialize(device);
}
