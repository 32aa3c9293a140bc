import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { apiRequest } from "~/lib/api-client";
import { SESSION_EXPIRED_LOGIN } from "~/lib/session-countdown";
import { useToast } from "./toast";

/** SPEC §4 logout: the call, then /login — also when the call fails (silently, SPEC §8). */
export function useLogout() {
  const navigate = useNavigate();
  const toast = useToast();
  const [loggingOut, setLoggingOut] = useState(false);

  /** Ends the session and opens `loginPath`, without a toast. Resolves true when the server agreed. */
  const endSession = useCallback(
    async (loginPath: string) => {
      setLoggingOut(true);
      try {
        await apiRequest("POST", "/api/auth/logout");
        return true;
      } catch {
        return false;
      } finally {
        navigate(loginPath, { replace: true });
      }
    },
    [navigate],
  );

  const logOut = useCallback(async () => {
    if (await endSession("/login"))
      toast({ title: "Logged Out", message: "You have been successfully logged out" });
  }, [endSession, toast]);

  /** The countdown reached zero: its toast says so, and the login page too, after the toast has gone. */
  const expire = useCallback(() => void endSession(SESSION_EXPIRED_LOGIN), [endSession]);

  return { loggingOut, expire, logOut };
}
