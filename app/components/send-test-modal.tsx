import { Banner, BlockStack, Form, Modal, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useToast } from "~/components/toast";
import { failureMessage } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import { testRecipientSchema } from "~/lib/schemas/email-settings";

/** A reason found before sending (unsaved changes that failed to save): shown as it is. */
export class TestNotSent extends Error {}

type Props = {
  open: boolean;
  /** The address offered first: the signed-in person's. */
  defaultTo: string;
  /** Under the address: what goes to it. */
  helpText: string;
  /** Sends the test to `to`; resolves with what the server answered, throws what went wrong. */
  send: (to: string) => Promise<string>;
  /** After each attempt: the Settings badge shows a failed test until the next one. */
  onOutcome?: (outcome: { ok: boolean; message: string }) => void;
  onClose: () => void;
};

/**
 * "Send a test email": asks for the address (the person's own offered), and keeps what went wrong in the
 * dialog, on the address or above it; a test that went through closes it with a toast.
 */
export function SendTestModal({ open, defaultTo, helpText, send, onOutcome, onClose }: Props) {
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

  async function submit() {
    const parsed = testRecipientSchema.safeParse({ to });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const message = await send(parsed.data.to);
      onOutcome?.({ ok: true, message });
      toast({ title: "Success", message, tone: "success" });
      onClose();
    } catch (error) {
      const onField = serverFieldErrors(error).to;
      const message =
        onField ??
        (error instanceof TestNotSent
          ? error.message
          : failureMessage(error, "The test email could not be sent"));
      if (onField) setFieldError(onField);
      else setFailure(message);
      onOutcome?.({ ok: false, message });
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send a test email"
      primaryAction={{ content: "Send test", onAction: submit, loading: sending }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {failure ? (
            <Banner tone="critical" title="The test email was not sent">
              <p>{failure}</p>
            </Banner>
          ) : null}
          <Form onSubmit={submit}>
            <TextField
              label="Send to"
              type="email"
              value={to}
              onChange={(value) => {
                setTo(value);
                setFieldError(undefined);
              }}
              error={fieldError}
              helpText={helpText}
              autoComplete="email"
            />
          </Form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
