import { useState } from "react";
import { useToast } from "~/components/toast";
import { failureMessage } from "~/lib/api-client";

type Failure = {
  /** Shown when the server gave no message of its own. */
  message: string;
  title?: string;
  /**
   * The action ends by navigating to another page: on success the button keeps its spinner until that
   * page shows (otherwise it stops when the action is done).
   */
  navigates?: boolean;
  /** Shows the failure's message beside the form (a Banner) instead of a toast. */
  inline?: (message: string) => void;
};

/**
 * One API call behind a button: `pending` while it runs, and a failure shown with the server's message: a
 * critical toast, or where the caller shows it (`inline`). `run` resolves whether the action succeeded; it never throws.
 */
export function useAction() {
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<void>, failure: string | Failure): Promise<boolean> {
    const {
      message,
      title = "Error",
      navigates = false,
      inline,
    } = typeof failure === "string" ? { message: failure } : failure;
    setPending(true);
    try {
      await action();
      if (!navigates) setPending(false);
      return true;
    } catch (error) {
      if (inline) inline(failureMessage(error, message));
      else toast({ title, message: failureMessage(error, message), tone: "critical" });
      setPending(false);
      return false;
    }
  }

  return { pending, run };
}
