import { Banner, BlockStack, Form, Modal, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import { campaignTestSchema } from "~/lib/schemas/campaign-sending";
import { campaignApi } from "./paths";

type Props = {
  open: boolean;
  storeId: string;
  campaignId: string;
  /** The address offered first: the signed-in person's. */
  defaultTo: string;
  /** Saves unsaved edits first (the test is the saved campaign); resolves false when that failed. */
  beforeSend: () => Promise<boolean>;
  onClose: () => void;
};

/** Sends the campaign, as saved, to one address; what went wrong stays in the dialog beside the address. */
export function SendTestModal({ open, storeId, campaignId, defaultTo, beforeSend, onClose }: Props) {
  const toast = useToast();
  const [to, setTo] = useState(defaultTo);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFieldError(undefined);
    setFailure(null);
  }, [open]);

  async function send() {
    const parsed = campaignTestSchema.safeParse({ to });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      if (!(await beforeSend())) return;
      const { message } = await apiRequest<{ message: string }>(
        "POST",
        campaignApi(storeId, campaignId, "test"),
        parsed.data,
      );
      toast({ title: "Success", message, tone: "success" });
      onClose();
    } catch (error) {
      const onField = serverFieldErrors(error).to;
      if (onField) setFieldError(onField);
      else setFailure(failureMessage(error, "The test email could not be sent"));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send a test email"
      primaryAction={{ content: "Send test", onAction: send, loading: sending }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {failure ? (
            <Banner tone="critical" title="The test email was not sent">
              <p>{failure}</p>
            </Banner>
          ) : null}
          <Form onSubmit={send}>
            <TextField
              label="Send to"
              type="email"
              value={to}
              onChange={(value) => {
                setTo(value);
                setFieldError(undefined);
              }}
              error={fieldError}
              helpText="The campaign as saved goes to this address only; unsaved changes are saved first."
              autoComplete="email"
            />
          </Form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
