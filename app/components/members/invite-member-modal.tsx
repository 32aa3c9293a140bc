import { BlockStack, Modal, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { fieldErrors } from "~/lib/form-errors";
import type { PermissionMap } from "~/lib/permissions";
import { inviteMemberSchema } from "~/lib/schemas/members";
import { PermissionCheckboxes } from "./permission-checkboxes";

type Props = { open: boolean; onClose: () => void; onInvited: () => void };

export function InviteMemberModal({ open, onClose, onInvited }: Props) {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [permissions, setPermissions] = useState<PermissionMap>({});
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  function close() {
    setEmail("");
    setPermissions({});
    setError(undefined);
    onClose();
  }

  async function invite() {
    const parsed = inviteMemberSchema.safeParse({ email, permissions });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setSending(true);
    try {
      await apiRequest("POST", "/api/admin/create-member", parsed.data);
      toast({ title: "Success", message: "Member invitation sent successfully", tone: "success" });
      close();
      onInvited();
    } catch (failure) {
      toast({
        title: "Error",
        message: failureMessage(failure, "Failed to create member"),
        tone: "critical",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Invite Member"
      primaryAction={{ content: "Send Invitation", onAction: invite, loading: sending }}
      secondaryActions={[{ content: "Cancel", onAction: close }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            helpText="They receive an email with a link to set their password."
          />
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              Permissions
            </Text>
            <PermissionCheckboxes value={permissions} onChange={setPermissions} />
          </BlockStack>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
