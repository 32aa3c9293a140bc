import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, failureMessage } from "~/lib/api-client";

/**
 * One GET of the API, loaded when the component shows, when `version` changes and on `reload`; what is
 * on screen stays while it reloads (as when polling). Only the newest answer is kept, so a slow one
 * cannot replace a newer one.
 */
export function useApiData<T>(url: string, failure: string, version?: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    latest.current += 1;
    const request = latest.current;
    try {
      const answer = await apiRequest<T>("GET", url);
      if (request !== latest.current) return;
      setData(answer);
      setError(null);
    } catch (caught) {
      if (request === latest.current) setError(failureMessage(caught, failure));
    }
  }, [url, failure]);

  useEffect(() => {
    void reload();
  }, [reload, version]);

  return { data, error, reload, replace: setData };
}
