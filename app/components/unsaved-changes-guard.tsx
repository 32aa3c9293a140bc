import { Modal, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useBlocker } from "react-router";

/**
 * While `dirty`, leaving the screen asks first: a link or Back inside the app opens "Leave without
 * saving?", closing or reloading the tab gets the browser's own question (beforeunload).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
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
