import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { stores, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import type { PermissionMap } from "~/lib/permissions";
import { conflict, notFound, refused } from "~/server/domain-errors.server";
import { consumeAll, type RateRule } from "~/server/rate-limit.server";
import { enqueue } from "../../../jobs/client";
import { type Actor, authorize } from "./actor.server";
import { destroyUserSessions } from "./sessions.server";
import { EMAIL_TAKEN, findUserByEmail } from "./users.server";

/**
 * Each invitation mails an address outside the organization from the product's own sender: a few a day
 * per address (the first and some resends, across organizations and invite-remove-invite loops), and a
 * team's worth a day per organization, so neither one inbox nor many can be flooded.
 */
const invitationsPerRecipient: RateRule = {
  name: "invite-recipient",
  limit: 5,
  windowMs: 24 * 60 * 60_000,
  message: "Too many invitations to this address today. Please try again tomorrow.",
};
const invitationsPerOrganization: RateRule = {
  ...invitationsPerRecipient,
  name: "invite-organization",
  limit: 50,
  message: "Your organization has sent too many invitations today. Please try again tomorrow.",
};

/** Counts one invitation email under both caps; 429 (with Retry-After) when either is reached. */
function countInvitation(actor: Actor, email: string): Promise<void> {
  return consumeAll([
    [invitationsPerRecipient, email],
    [invitationsPerOrganization, actor.organizationId],
  ]);
}

const memberColumns = {
  id: users.id,
  email: users.email,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  isActive: users.isActive,
  isEmailVerified: users.isEmailVerified,
  permissions: users.permissions,
};

/** SPEC §3 member rows: the organization's members (admins manage, they are not managed here). */
export async function listMembers(actor: Actor) {
  authorize(actor, "admin");
  return db()
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.organizationId, actor.organizationId), eq(users.role, "member")))
    .orderBy(asc(users.createdAt));
}

/** Invites a member: Pending (inactive, no password) until the emailed link is used. */
export async function inviteMember(actor: Actor, input: { email: string; permissions: PermissionMap }) {
  authorize(actor, "admin");
  if (await findUserByEmail(input.email)) throw conflict(EMAIL_TAKEN);
  await countInvitation(actor, input.email);
  try {
    const [member] = await db()
      .insert(users)
      .values({
        organizationId: actor.organizationId,
        username: input.email.split("@")[0] ?? input.email,
        email: input.email,
        role: "member",
        isActive: false,
        isEmailVerified: false,
        permissions: input.permissions,
      })
      .returning(memberColumns);
    if (!member) throw new Error("Member was not created");
    await enqueue("email", { type: "member-invite", userId: member.id, invitedBy: actor.email });
    return member;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** A member of the actor's organization; the actor and other admins are not editable here. */
async function requireMember(actor: Actor, memberId: string) {
  if (memberId === actor.userId) throw refused("You cannot change or delete your own account");
  if (!isUuid(memberId)) throw notFound("Member not found");
  const [member] = await db()
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.organizationId, actor.organizationId)));
  if (!member) throw notFound("Member not found");
  if (member.role !== "member") throw refused("Administrators cannot be changed here");
  return member;
}

/**
 * Sends a pending member's invitation again (the same job and email as the first; a new link). A member
 * who has set their password has nothing to accept.
 */
export async function resendInvitation(actor: Actor, memberId: string): Promise<{ email: string }> {
  authorize(actor, "admin");
  const member = await requireMember(actor, memberId);
  const [row] = await db()
    .select({ email: users.email, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, member.id));
  if (!row) throw notFound("Member not found");
  if (row.isActive) throw conflict("This member has already accepted the invitation");
  await countInvitation(actor, row.email);
  await enqueue("email", { type: "member-invite", userId: member.id, invitedBy: actor.email });
  return { email: row.email };
}

/** Takes effect on the member's next request: permissions are read fresh for every request. */
export async function updateMemberPermissions(actor: Actor, memberId: string, permissions: PermissionMap) {
  authorize(actor, "admin");
  const member = await requireMember(actor, memberId);
  const [updated] = await db()
    .update(users)
    .set({ permissions, updatedAt: new Date() })
    .where(eq(users.id, member.id))
    .returning(memberColumns);
  return updated;
}

/**
 * Removes a member and ends their sessions at once. Stores the member created pass to the admin
 * removing them: a store belongs to the organization and must not vanish with its creator.
 */
export async function deleteMember(actor: Actor, memberId: string): Promise<void> {
  authorize(actor, "admin");
  const member = await requireMember(actor, memberId);
  await db().transaction(async (tx) => {
    await tx.update(stores).set({ userId: actor.userId }).where(eq(stores.userId, member.id));
    await tx.delete(users).where(eq(users.id, member.id));
  });
  await destroyUserSessions(member.id);
}
