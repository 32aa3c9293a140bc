import { Card, EmptyState, Page } from "@shopify/polaris";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmModal } from "~/components/confirm-modal";
import { InviteMemberModal } from "~/components/members/invite-member-modal";
import { type MemberRow, MemberTable } from "~/components/members/member-table";
import { PermissionsModal } from "~/components/members/permissions-modal";
import { useToast } from "~/components/toast";
import { requireScreen } from "~/http/guards/screens.server";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { listMembers } from "~/services/access/members.server";
import type { Route } from "./+types/admin.members";

export const meta: Route.MetaFunction = () => [{ title: "Member Management · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireScreen(request, "admin");
  return { members: await listMembers(actor) };
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { members } = loaderData;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<MemberRow | null>(null);
  const [deleting, setDeleting] = useState<MemberRow | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => void revalidator.revalidate();
  const [resending, setResending] = useState<string | null>(null);

  async function resend(member: MemberRow) {
    setResending(member.id);
    try {
      const answer = await apiRequest<{ message: string }>(
        "POST",
        `/api/admin/members/${member.id}/resend-invitation`,
      );
      toast({ message: answer.message, tone: "success" });
    } catch (error) {
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to resend the invitation"),
        tone: "critical",
      });
    } finally {
      setResending(null);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await apiRequest("DELETE", `/api/admin/members/${deleting.id}`);
      toast({ title: "Success", message: "Member deleted successfully", tone: "success" });
      refresh();
    } catch (error) {
      toast({ title: "Error", message: failureMessage(error, "Failed to delete member"), tone: "critical" });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <Page
      title="Member Management"
      subtitle="Invite team members and choose what each of them may do"
      primaryAction={{ content: "Invite Member", onAction: () => setInviting(true) }}
    >
      <Card padding="0">
        {members.length === 0 ? (
          <EmptyState
            heading="No members yet"
            action={{ content: "Invite First Member", onAction: () => setInviting(true) }}
            image=""
          >
            <p>Members sign in with their own password and see only what their permissions allow.</p>
          </EmptyState>
        ) : (
          <MemberTable
            members={members}
            resendingId={resending}
            onEditPermissions={setEditing}
            onResend={resend}
            onDelete={setDeleting}
          />
        )}
      </Card>
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} onInvited={refresh} />
      <PermissionsModal
        member={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <ConfirmModal
        open={deleting !== null}
        title="Delete member"
        message={`Are you sure you want to delete ${deleting?.email ?? ""}? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
