import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";

/** SPEC §4/§9: the saved template is previewed about 100 ms after it loads, every edit 500 ms after the last. */
const AUTO_PREVIEW_DELAY_MS = 100;
const PREVIEW_DEBOUNCE_MS = 500;

/**
 * The email rendered by `url` (a preview endpoint) from `body`, the editor's current fields: again after
 * each change of `body` (keep it the same object while the fields are unchanged). Only the newest
 * request's answer is shown, so a slow response cannot replace a newer preview.
 */
export function useEmailPreview(url: string, body: object) {
  const toast = useToast();
  const [html, setHtml] = useState<string | null>(null);
  const [subject, setSubject] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const loadedBody = useRef(body);

  const preview = useCallback(
    async (fields: object) => {
      latest.current += 1;
      const request = latest.current;
      setLoading(true);
      try {
        const result = await apiRequest<{ subject: string; html: string }>("POST", url, fields);
        if (request === latest.current) {
          setHtml(result.html);
          setSubject(result.subject);
        }
      } catch (error) {
        if (request === latest.current) {
          toast({
            title: "Error",
            message: failureMessage(error, "Failed to generate preview"),
            tone: "critical",
          });
        }
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [url, toast],
  );

  useEffect(() => {
    const delay = body === loadedBody.current ? AUTO_PREVIEW_DELAY_MS : PREVIEW_DEBOUNCE_MS;
    const timer = setTimeout(() => void preview(body), delay);
    return () => clearTimeout(timer);
  }, [body, preview]);

  return { html, subject, loading, previewNow: () => preview(body) };
}
