import { useEffect, useState } from "react";
import { apiRequest } from "~/lib/api-client";
import type { SubscriberImportStatus } from "~/lib/schemas/subscriber-import";

type Running = Extract<SubscriberImportStatus, { state: "receiving" | "writing" }>;

/** How often a running import is asked how far it is. */
const POLL_MS = 1_000;

/**
 * While `url` is set, asks the import how far it is, once a second; the answer of a process that does not
 * know the import (several processes without Redis) leaves the last one shown.
 */
export function useImportProgress(url: string | null): Running | null {
  const [progress, setProgress] = useState<Running | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!url) return;
    let current = true;
    const ask = () =>
      apiRequest<SubscriberImportStatus>("GET", url)
        .then((status) => {
          if (current && (status.state === "receiving" || status.state === "writing")) setProgress(status);
        })
        .catch(() => {});
    const timer = setInterval(ask, POLL_MS);
    void ask();
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [url]);
  return progress;
}
