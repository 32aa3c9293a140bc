import { Modal } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import type { PermissionMap } from "~/lib/permissions";
import { PermissionCheckboxes } from "./permission-checkboxes";

type Props = {
  member: { id: string; email: string; permissions: PermissionMap } | null;
  onClose: () => void;
  onSaved: () => void;
};

export function PermissionsModal({ member, onClose, onSaved }: Props) {
  const toast = useToast();
  const [permissions, setPermissions] = useState<PermissionMap>({});
  const { pending: saving, run } = useAction();

  useEffect(() => setPermissions(member?.permissions ?? {}), [member]);

  async function save() {
    if (!member) return;
    await run(async () => {
      await apiRequest("PUT", `/api/admin/members/${member.id}/permissions`, { permissions });
      toast({ title: "Success", message: "Member permissions updated successfully", tone: "success" });
      onSaved();
    }, "Failed to update permissions");
  }

  return (
    <Modal
      open={member !== null}
      onClose={onClose}
      title={member ? `Permissions for ${member.email}` : "Permissions"}
      primaryAction={{ content: "Save", onAction: save, loading: saving }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <PermissionCheckboxes value={permissions} onChange={setPermissions} />
      </Modal.Section>
    </Modal>
  );
}
