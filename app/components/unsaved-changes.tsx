import { Modal, Text } from "@shopify/polaris";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from "react";
import { useBlocker } from "react-router";

type Report = (part: string, dirty: boolean) => void;
const ReportContext = createContext<Report | null>(null);

/**
 * Marks the calling card or editor as holding unsaved edits while `dirty`. Every part of a screen reports
 * here, so a page with several forms (Settings) asks once before leaving when any of them is unsaved.
 */
export function useUnsavedChanges(dirty: boolean) {
  const report = useContext(ReportContext);
  const part = useId();
  useEffect(() => {
    report?.(part, dirty);
    return () => report?.(part, false);
  }, [report, part, dirty]);
}

/**
 * The app shell's one guard (React Router allows one blocker at a time): while any part is dirty, leaving
 * the screen asks first. A link or Back inside the app opens "Leave without saving?"; closing or reloading
 * the tab gets the browser's own question (beforeunload).
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((part, dirty) => {
    setDirtyParts((current) => {
      if (current.has(part) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(part);
      else next.delete(part);
      return next;
    });
  }, []);
  return (
    <ReportContext.Provider value={report}>
      {children}
      <LeaveGuard dirty={dirtyParts.size > 0} />
    </ReportContext.Provider>
  );
}

function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      primaryAction={{ content: "Leave", destructive: true, onAction: () => blocker.proceed?.() }}
      secondaryActions={[{ content: "Stay", onAction: () => blocker.reset?.() }]}
    >
      <Modal.Section>
        <Text as="p">You have unsaved changes. If you leave this page, they are lost.</Text>
      </Modal.Section>
    </Modal>
  );
}
