import { BlockStack, InlineStack, Modal, Text } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { emptySiteDraft, type SiteDraft, storePayload } from "~/lib/schemas/stores";
import { validateSiteDraft } from "~/lib/site-draft-validation";
import { AccessTokenStep } from "./access-token-step";
import { connectCreatedStore } from "./connect-shopify";
import { SiteDetailsStep } from "./site-details-step";

const STEPS = ["Add Your Site", "Integrate Newsletter", "Verify Installation"];

type Props = { open: boolean; onClose: () => void; onCreated: () => void };

/** SPEC §2 Add New Store modal: a three-step header; steps 1 and 2 are operable here. */
export function AddStoreModal({ open, onClose, onCreated }: Props) {
  const toast = useToast();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<SiteDraft>(emptySiteDraft);
  const [creating, setCreating] = useState(false);

  function reset() {
    setStep(0);
    setDraft(emptySiteDraft);
  }

  function close() {
    reset();
    onClose();
  }

  function nextStep() {
    const problem = validateSiteDraft(draft);
    if (problem) {
      toast({ title: "Error", message: problem, tone: "critical" });
      return;
    }
    setStep(1);
  }

  async function createStore() {
    setCreating(true);
    try {
      const store = await apiRequest<{ id: string }>("POST", "/api/stores", storePayload(draft));
      const connection = await connectCreatedStore(store.id, draft);
      toast(
        connection && !connection.ok
          ? { title: "Store added successfully", message: connection.message, tone: "critical" }
          : { title: "Success", message: "Store added successfully", tone: "success" },
      );
      reset();
      onCreated();
    } catch (error) {
      toast({ title: "Error", message: failureMessage(error, "Failed to add store"), tone: "critical" });
    } finally {
      setCreating(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add New Store"
      primaryAction={
        step === 0
          ? { content: "Next Step", onAction: nextStep }
          : { content: creating ? "Creating..." : "Create Store", onAction: createStore, loading: creating }
      }
      secondaryActions={[{ content: "Cancel", onAction: close }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <InlineStack gap="400">
            {STEPS.map((label, index) => (
              <Text
                key={label}
                as="span"
                variant="bodySm"
                fontWeight={index === step ? "bold" : "regular"}
                tone={index === step ? undefined : "subdued"}
              >
                {`${index + 1}. ${label}`}
              </Text>
            ))}
          </InlineStack>
          {step === 0 ? (
            <SiteDetailsStep
              draft={draft}
              onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))}
              showHttpsOption
            />
          ) : (
            <AccessTokenStep
              value={draft.accessToken}
              onChange={(accessToken) => setDraft((current) => ({ ...current, accessToken }))}
              helpText="Required for discount code validation and customer data access"
            />
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
