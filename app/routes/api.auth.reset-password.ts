import { data } from "react-router";
import { readTrustedDevice, trustedDeviceCookie } from "~/http/device-cookie.server";
import { apiRoute, readJson } from "~/http/json.server";
import { resetPassword } from "~/services/access/auth.server";
import { resetPasswordRequestSchema } from "~/services/access/password-policy.server";
import { trustDevice } from "~/services/access/trusted-devices.server";

const { loader, action } = apiRoute({
  POST: async ({ request, context }) => {
    const { token, password } = await readJson(request, resetPasswordRequestSchema);
    const { userId } = await resetPassword(token, password, context.ip);
    // Opening the emailed link proves the inbox: this browser signs in even while strangers lock the account.
    const device = trustDevice(await readTrustedDevice(request), userId);
    return data(
      { message: "Password Set Successfully" },
      { headers: { "Set-Cookie": await trustedDeviceCookie(device) } },
    );
  },
});

export { action, loader };
