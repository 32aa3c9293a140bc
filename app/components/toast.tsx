import { Toast } from "@shopify/polaris";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { appBridge, useEmbedded } from "./embedded";

/** SPEC §9: the product's own toasts show for about 3 s; one at a time. */
const TOAST_DURATION_MS = 3_000;

export type ToastMessage = {
  title?: string;
  message: string;
  tone?: "success" | "warning" | "critical";
  /** An error that explains the navigation that follows it ("Session Expired" → /login) stays on the next page. */
  keepOnNavigation?: boolean;
};

/** `pathname`: the page the toast was shown on. */
type ToastState = ToastMessage & { key: number; pathname: string };

/** Tells toasts apart, also two shown within the same millisecond. */
let nextKey = 0;

const ToastContext = createContext<{
  show: (toast: ToastMessage) => void;
  current: ToastState | null;
  dismiss: (key: number) => void;
}>({
  show: () => {},
  current: null,
  dismiss: () => {},
});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const { pathname } = useLocation();
  const show = useCallback(
    (toast: ToastMessage) => {
      nextKey += 1;
      setCurrent({ ...toast, key: nextKey, pathname });
    },
    [pathname],
  );
  // An error belongs to the page it happened on ("Login failed" must not follow the user to Forgot
  // password); a confirmation may outlive the navigation that its action started ("Logged in successfully").
  useEffect(() => {
    setCurrent((shown) =>
      shown?.tone === "critical" && !shown.keepOnNavigation && shown.pathname !== pathname ? null : shown,
    );
  }, [pathname]);
  // Only the toast on screen may clear itself: a replaced toast's timer must not dismiss its successor.
  const dismiss = useCallback(
    (key: number) => setCurrent((shown) => (shown?.key === key ? null : shown)),
    [],
  );
  const value = useMemo(() => ({ show, current, dismiss }), [show, current, dismiss]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

function toastText(toast: ToastMessage): string {
  return toast.title ? `${toast.title}: ${toast.message}` : toast.message;
}

/** Inside the Shopify admin the admin itself shows the toast, through App Bridge. */
function showInAdmin(toast: ToastMessage) {
  appBridge()?.toast.show(toastText(toast), {
    isError: toast.tone === "critical",
    duration: TOAST_DURATION_MS,
  });
}

/** Shows a toast; a new one replaces the one on screen. */
export function useToast() {
  const show = useContext(ToastContext).show;
  return useEmbedded() ? showInAdmin : show;
}

const CLOSE_BUTTON = ".Polaris-Frame-Toast__CloseButton:not([aria-label])";
const CLOSE_BUTTON_NAME = "Dismiss notification";

/**
 * Polaris draws the toast's close button as a bare icon, with no name for a screen reader. While a toast
 * shows, each such button gets one; Polaris adds the toast to its portal after this component's effects,
 * hence the observer.
 */
function useNamedCloseButton(showing: boolean) {
  useEffect(() => {
    if (!showing) return;
    const name = () => {
      for (const button of document.querySelectorAll(CLOSE_BUTTON)) {
        button.setAttribute("aria-label", CLOSE_BUTTON_NAME);
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [showing]);
}

/** Renders the current toast; place once inside each Polaris Frame. */
export function ToastOutlet() {
  const { current, dismiss } = useContext(ToastContext);
  useNamedCloseButton(current !== null);
  if (!current) return null;
  return (
    <Toast
      key={current.key}
      content={toastText(current)}
      error={current.tone === "critical"}
      duration={TOAST_DURATION_MS}
      onDismiss={() => dismiss(current.key)}
    />
  );
}
