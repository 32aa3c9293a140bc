import { BlockStack, InlineStack, Modal, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { TakenShop } from "~/lib/schemas/stores";
import { SHOPIFY_CONNECT_LATER, SHOPIFY_SCRIPT_LATER } from "./shopify-connect-later";
import { SiteDetailsStep } from "./site-details-step";
import { useStoreDraft } from "./use-store-draft";

const STEPS = ["Add Your Site", "Integrate Newsletter", "Verify Installation"];

type Props = {
  open: boolean;
  /** The organization's shops, so a second store for one is refused at step 1. */
  takenShops: readonly TakenShop[];
  /** Whether this server is the Shopify app (its credentials set): without, a Shopify store gets the script. */
  shopifyAppAvailable: boolean;
  onClose: () => void;
  onCreated: () => void;
};

/** SPEC §2 Add New Store modal: a three-step header; steps 1 and 2 are operable here. */
export function AddStoreModal({ open, takenShops, shopifyAppAvailable, onClose, onCreated }: Props) {
  const [step, setStep] = useState(0);
  const {
    draft,
    errors,
    siteStepRefused,
    change,
    reset: resetDraft,
    creating,
    checkSiteDetails,
    create,
  } = useStoreDraft(takenShops);

  // The server refused an address of step 1 (a shop the organization has): back there, the field shows why.
  useEffect(() => {
    if (siteStepRefused) setStep(0);
  }, [siteStepRefused]);

  function reset() {
    setStep(0);
    resetDraft();
  }

  function close() {
    reset();
    onClose();
  }

  async function createStore() {
    // A failure creates nothing: the modal stays open to correct it.
    if (!(await create())) return;
    reset();
    onCreated();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add New Store"
      primaryAction={
        step === 0
          ? { content: "Next Step", onAction: () => checkSiteDetails() && setStep(1) }
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
            <SiteDetailsStep draft={draft} onChange={change} errors={errors} showHttpsOption />
          ) : draft.integrationType === "shopify" && shopifyAppAvailable ? (
            <Text as="p">{SHOPIFY_CONNECT_LATER}</Text>
          ) : draft.integrationType === "shopify" ? (
            <Text as="p">{SHOPIFY_SCRIPT_LATER}</Text>
          ) : (
            <Text as="p">Create the store to get the script for your site.</Text>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
