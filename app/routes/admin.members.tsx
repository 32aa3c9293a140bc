import {
  Badge,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Page,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmModal } from "~/components/confirm-modal";
import { InviteMemberModal } from "~/components/members/invite-member-modal";
import { PermissionsModal } from "~/components/members/permissions-modal";
import { useToast } from "~/components/toast";
import { requireScreen } from "~/http/guards/screens.server";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { formatDate } from "~/lib/format";
import { type PermissionMap, permissionLabels, permissionNames } from "~/lib/permissions";
import { listMembers } from "~/services/access/members.server";
import type { Route } from "./+types/admin.members";

export const meta: Route.MetaFunction = () => [{ title: "Member Management · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireScreen(request, "admin");
  return { members: await listMembers(actor) };
}

type Member = { id: string; email: string; permissions: PermissionMap };

function PermissionBadges({ permissions }: { permissions: PermissionMap }) {
  const granted = permissionNames.filter((name) => permissions[name]);
  if (granted.length === 0)
    return (
      <Text as="span" tone="subdued">
        No permissions
      </Text>
    );
  return (
    <InlineStack gap="100">
      {granted.map((name) => (
        <Badge key={name}>{permissionLabels[name]}</Badge>
      ))}
    </InlineStack>
  );
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { members } = loaderData;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => void revalidator.revalidate();
  const [resending, setResending] = useState<string | null>(null);

  async function resend(member: Member) {
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
          <IndexTable
            resourceName={{ singular: "member", plural: "members" }}
            itemCount={members.length}
            selectable={false}
            headings={[
              { title: "Email" },
              { title: "Status" },
              { title: "Joined" },
              { title: "Last login" },
              { title: "Permissions" },
              { title: "Actions" },
            ]}
          >
            {members.map((member, index) => (
              <IndexTable.Row id={member.id} key={member.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="semibold">
                    {member.email}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <InlineStack gap="100" wrap={false}>
                    <Badge tone={member.isActive ? "success" : "attention"}>
                      {member.isActive ? "Active" : "Pending"}
                    </Badge>
                    <Badge tone={member.isEmailVerified ? "info" : undefined}>
                      {member.isEmailVerified ? "Verified" : "Unverified"}
                    </Badge>
                  </InlineStack>
                </IndexTable.Cell>
                <IndexTable.Cell>{formatDate(member.createdAt)}</IndexTable.Cell>
                <IndexTable.Cell>
                  {member.lastLoginAt ? formatDate(member.lastLoginAt) : "Never"}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <PermissionBadges permissions={member.permissions} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <BlockStack inlineAlign="start">
                    <InlineStack gap="200" wrap={false}>
                      <Button size="slim" onClick={() => setEditing(member)}>
                        Permissions
                      </Button>
                      {member.isActive ? null : (
                        <Button
                          size="slim"
                          loading={resending === member.id}
                          accessibilityLabel={`Resend invitation to ${member.email}`}
                          onClick={() => resend(member)}
                        >
                          Resend invitation
                        </Button>
                      )}
                      <Button size="slim" tone="critical" variant="plain" onClick={() => setDeleting(member)}>
                        Delete
                      </Button>
                    </InlineStack>
                  </BlockStack>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
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
