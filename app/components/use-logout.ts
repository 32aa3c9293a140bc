import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { apiRequest } from "~/lib/api-client";
import { useToast } from "./toast";

/** SPEC §4 logout: the call, then /login — also when the call fails (silently, SPEC §8). */
export function useLogout() {
  const navigate = useNavigate();
  const toast = useToast();
  const [loggingOut, setLoggingOut] = useState(false);

  /** Ends the session without a toast (the expiry path shows its own). Resolves true when the server agreed. */
  const endSession = useCallback(async () => {
    setLoggingOut(true);
    try {
      await apiRequest("POST", "/api/auth/logout");
      return true;
    } catch {
      return false;
    } finally {
      navigate("/login", { replace: true });
    }
  }, [navigate]);

  const logOut = useCallback(async () => {
    if (await endSession()) toast({ title: "Logged Out", message: "You have been successfully logged out" });
  }, [endSession, toast]);

  return { loggingOut, endSession, logOut };
}
