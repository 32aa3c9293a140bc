import { BlockStack, Modal, Text, TextField } from "@shopify/polaris";
import { useToast } from "~/components/toast";
import { useForm } from "~/components/use-form";
import { apiRequest } from "~/lib/api-client";
import type { PermissionMap } from "~/lib/permissions";
import { inviteMemberSchema } from "~/lib/schemas/members";
import { PermissionCheckboxes } from "./permission-checkboxes";

type Props = { open: boolean; onClose: () => void; onInvited: () => void };

const NO_PERMISSIONS: PermissionMap = {};

export function InviteMemberModal({ open, onClose, onInvited }: Props) {
  const toast = useToast();
  const { values, set, field, submit, submitting, reset } = useForm({
    initial: { email: "", permissions: NO_PERMISSIONS },
    schema: inviteMemberSchema,
    failure: { title: "Error", message: "Failed to create member" },
    send: async (body) => {
      await apiRequest("POST", "/api/admin/create-member", body);
      toast({ title: "Success", message: "Member invitation sent successfully", tone: "success" });
      close();
      onInvited();
    },
  });

  function close() {
    reset();
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Invite Member"
      primaryAction={{ content: "Send Invitation", onAction: submit, loading: submitting }}
      secondaryActions={[{ content: "Cancel", onAction: close }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <TextField
            label="Email"
            type="email"
            {...field("email")}
            autoComplete="off"
            helpText="They receive an email with a link to set their password."
          />
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              Permissions
            </Text>
            <PermissionCheckboxes value={values.permissions} onChange={set("permissions")} />
          </BlockStack>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
