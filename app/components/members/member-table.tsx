import { Badge, Button, IndexTable, InlineStack, Text, useBreakpoints } from "@shopify/polaris";
import { StackedList } from "~/components/stacked-list";
import { formatDate } from "~/lib/format";
import { type PermissionMap, permissionLabels, permissionNames } from "~/lib/permissions";

export type MemberRow = {
  id: string;
  email: string;
  isActive: boolean;
  isEmailVerified: boolean;
  createdAt: string | Date;
  lastLoginAt: string | Date | null;
  permissions: PermissionMap;
};

type Props = {
  members: MemberRow[];
  /** The member whose invitation is being sent again, if any. */
  resendingId: string | null;
  onEditPermissions: (member: MemberRow) => void;
  onResend: (member: MemberRow) => void;
  onDelete: (member: MemberRow) => void;
};
type Actions = Omit<Props, "members">;

const headings: [{ title: string }, ...{ title: string }[]] = [
  { title: "Email" },
  { title: "Status" },
  { title: "Joined" },
  { title: "Last login" },
  { title: "Permissions" },
  { title: "Actions" },
];

/**
 * SPEC §2 members table. On a phone the six columns do not fit: each member is a stacked block with
 * every field and its buttons, as the subscribers list does.
 */
export function MemberTable({ members, ...actions }: Props) {
  const { smDown } = useBreakpoints();
  if (smDown) {
    return (
      <StackedList label="Members" items={members}>
        {(member) => (
          <>
            <Text as="p" fontWeight="semibold" breakWord>
              {member.email}
            </Text>
            <StatusBadges member={member} />
            <Text as="p" variant="bodySm" tone="subdued">
              Joined: {formatDate(member.createdAt)} · Last login: {lastLogin(member)}
            </Text>
            <PermissionBadges permissions={member.permissions} />
            <MemberActions member={member} {...actions} />
          </>
        )}
      </StackedList>
    );
  }
  return (
    <IndexTable
      resourceName={{ singular: "member", plural: "members" }}
      itemCount={members.length}
      selectable={false}
      headings={headings}
    >
      {members.map((member, index) => (
        <IndexTable.Row id={member.id} key={member.id} position={index}>
          <IndexTable.Cell>
            <Text as="span" fontWeight="semibold">
              {member.email}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <StatusBadges member={member} />
          </IndexTable.Cell>
          <IndexTable.Cell>{formatDate(member.createdAt)}</IndexTable.Cell>
          <IndexTable.Cell>{lastLogin(member)}</IndexTable.Cell>
          <IndexTable.Cell>
            <PermissionBadges permissions={member.permissions} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <MemberActions member={member} {...actions} />
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}

const lastLogin = (member: MemberRow) => (member.lastLoginAt ? formatDate(member.lastLoginAt) : "Never");

function StatusBadges({ member }: { member: MemberRow }) {
  return (
    <InlineStack gap="100" wrap={false}>
      <Badge tone={member.isActive ? "success" : "attention"}>{member.isActive ? "Active" : "Pending"}</Badge>
      <Badge tone={member.isEmailVerified ? "info" : undefined}>
        {member.isEmailVerified ? "Verified" : "Unverified"}
      </Badge>
    </InlineStack>
  );
}

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

/** Permissions, Resend invitation while pending, Delete; each named after the member for screen readers. */
function MemberActions({
  member,
  resendingId,
  onEditPermissions,
  onResend,
  onDelete,
}: Actions & { member: MemberRow }) {
  return (
    <InlineStack gap="200" blockAlign="center">
      <Button
        size="slim"
        accessibilityLabel={`Permissions of ${member.email}`}
        onClick={() => onEditPermissions(member)}
      >
        Permissions
      </Button>
      {member.isActive ? null : (
        <Button
          size="slim"
          loading={resendingId === member.id}
          accessibilityLabel={`Resend invitation to ${member.email}`}
          onClick={() => onResend(member)}
        >
          Resend invitation
        </Button>
      )}
      <Button
        size="slim"
        tone="critical"
        variant="plain"
        accessibilityLabel={`Delete ${member.email}`}
        onClick={() => onDelete(member)}
      >
        Delete
      </Button>
    </InlineStack>
  );
}
