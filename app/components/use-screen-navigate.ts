import { useCallback } from "react";
import { useNavigate } from "react-router";
import { embeddedPath } from "~/lib/store-routing";
import { useEmbedded } from "./embedded";

/** Navigates to an app screen; inside the Shopify admin, to the same screen under /app. */
export function useScreenNavigate() {
  const navigate = useNavigate();
  const embedded = useEmbedded();
  return useCallback((url: string) => navigate(embedded ? embeddedPath(url) : url), [navigate, embedded]);
}
