import { Modal, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { appBridge, useEmbedded } from "./embedded";

/**
 * While `dirty`, leaving the screen asks first. A link or Back inside the app asks "Leave without saving?"
 * (inside the Shopify admin, App Bridge's own leave confirmation, as for the admin's menu); closing or
 * reloading the tab gets the browser's own question (beforeunload).
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const embedded = useEmbedded();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    // Saved or discarded while the question was open: the merchant chose to stay.
    if (!dirty) return blocker.reset();
    if (!embedded) return;
    // Resolves once the merchant confirms, or at once when no save bar shows (the admin already asked).
    let current = true;
    const confirmation = appBridge()?.saveBar.leaveConfirmation() ?? Promise.resolve();
    confirmation.then(
      () => current && blocker.proceed(),
      () => current && blocker.reset(),
    );
    return () => {
      current = false;
    };
  }, [blocker, dirty, embedded]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  if (embedded) return null;
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
