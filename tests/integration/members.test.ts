import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stores, users } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createMember, createSecondOrganization, uniqueEmail } from "../support/builders/fixtures";
import { HttpClient, type HttpResponse } from "../support/clients/http";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";
import { readOutbox, recipients, waitForOutboxMessage } from "../support/infra/outbox";
import { printSummary } from "../support/matrices/summary";

const signedIn = useSignedInApp();
const invitations = printSummary(
  ({ tried, figures }, n) =>
    `invitation caps: ${n(tried)} invitations asked, ${n(figures.get("sent") ?? 0)} sent, ${n(figures.get("429") ?? 0)} refused with 429`,
);

const linkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];

describe("inviting a member", () => {
  it("emails a set-password link; the member is Pending until it is used, then Active and Verified", async () => {
    const email = uniqueEmail("invitee");
    const invited = await signedIn.admin.post<{ id: string; isActive: boolean; isEmailVerified: boolean }>(
      "/api/admin/create-member",
      {
        email,
        permissions: { view_subscribers: true },
      },
    );
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ isActive: false, isEmailVerified: false });

    const mail = await waitForOutboxMessage((message) => recipients(message).includes(email));
    expect(mail.subject).toBe("You have been invited to Newsletter Popup");
    const link = linkIn(mail.text ?? "");
    if (!link) throw new Error(`no link in ${mail.text}`);

    const pending = await new HttpClient(signedIn.app.url).post("/api/auth/login", {
      email,
      password: "irrelevant-password",
    });
    expect(pending.status).toBe(401);

    const token = new URL(link).searchParams.get("token");
    const reset = await new HttpClient(signedIn.app.url).post("/api/auth/reset-password", {
      token,
      password: "a fresh password",
    });
    expect(reset.status).toBe(200);

    const member = new HttpClient(signedIn.app.url);
    const user = await member.login(email, "a fresh password");
    expect(user).toMatchObject({ email, role: "member" });
    const list =
      await signedIn.admin.get<
        { email: string; isActive: boolean; isEmailVerified: boolean; lastLoginAt: string | null }[]
      >("/api/admin/members");
    expect(list.body.find((row) => row.email === email)).toMatchObject({
      isActive: true,
      isEmailVerified: true,
    });
    expect(list.body.find((row) => row.email === email)?.lastLoginAt).not.toBeNull();
  });

  it("resends a pending member's invitation with a new link; a member who accepted has nothing to resend", async () => {
    const email = uniqueEmail("resend");
    const invited = await signedIn.admin.post<{ id: string }>("/api/admin/create-member", {
      email,
      permissions: {},
    });
    const first = await waitForOutboxMessage((message) => recipients(message).includes(email));
    const firstLink = linkIn(first.text ?? "");

    const resent = await signedIn.admin.post(`/api/admin/members/${invited.body.id}/resend-invitation`, {});
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ message: `Invitation sent again to ${email}` });
    const second = await waitForOutboxMessage(
      (message) => recipients(message).includes(email) && linkIn(message.text ?? "") !== firstLink,
    );
    expect(second.subject).toBe("You have been invited to Newsletter Popup");

    const token = new URL(linkIn(second.text ?? "") ?? "").searchParams.get("token");
    await new HttpClient(signedIn.app.url).post("/api/auth/reset-password", {
      token,
      password: "a fresh password",
    });
    const again = await signedIn.admin.post(`/api/admin/members/${invited.body.id}/resend-invitation`, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "This member has already accepted the invitation" });
  });

  it("refuses an email that already has an account", async () => {
    const response = await signedIn.admin.post("/api/admin/create-member", {
      email: signedIn.owner.email.toUpperCase(),
      permissions: {},
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: "An account with this email already exists" });
  });

  it("validates the email and the permission names", async () => {
    expect(
      (await signedIn.admin.post("/api/admin/create-member", { email: "nope", permissions: {} })).body,
    ).toMatchObject({
      message: "Invalid email address",
    });
    const unknown = await signedIn.admin.post("/api/admin/create-member", {
      email: uniqueEmail(),
      permissions: { root: true },
    });
    expect(unknown.status).toBe(422);
  });
});

describe("invitation mail caps", () => {
  /** Asks for one invitation email and tallies the answer: 201/200 sends it, 429 refuses it. */
  async function invite(send: () => Promise<HttpResponse>): Promise<HttpResponse> {
    const response = await send();
    invitations.tried();
    invitations.add(response.status === 429 ? "429" : "sent");
    return response;
  }

  function expectRefused(response: HttpResponse, message: string) {
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ message });
    const seconds = Number(response.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(24 * 60 * 60);
  }

  const mailsTo = async (email: string) =>
    (await readOutbox()).filter((message) => recipients(message).includes(email)).length;

  it("sends one address at most 5 invitations a day, resends and re-invitations included", async () => {
    const email = uniqueEmail("flooded");
    const invited = await invite(() =>
      signedIn.admin.post<{ id: string }>("/api/admin/create-member", { email, permissions: {} }),
    );
    expect(invited.status).toBe(201);
    const memberId = (invited.body as { id: string }).id;
    const resend = () => signedIn.admin.post(`/api/admin/members/${memberId}/resend-invitation`, {});

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await invite(resend);
      statuses.push(response.status);
      if (response.status === 429)
        expectRefused(response, "Too many invitations to this address today. Please try again tomorrow.");
    }
    expect(statuses).toEqual([...Array(4).fill(200), ...Array(26).fill(429)]);
    await expect.poll(() => mailsTo(email), { timeout: 10_000 }).toBe(5);

    // Removing the member and inviting the address again, here or from another organization, mails nothing.
    expect((await signedIn.admin.delete(`/api/admin/members/${memberId}`)).status).toBe(200);
    const again = await invite(() =>
      signedIn.admin.post("/api/admin/create-member", { email, permissions: {} }),
    );
    expectRefused(again, "Too many invitations to this address today. Please try again tomorrow.");
    const other = await createSecondOrganization();
    const otherAdmin = new HttpClient(signedIn.app.url);
    await otherAdmin.login(other.email, other.password);
    const elsewhere = await invite(() =>
      otherAdmin.post("/api/admin/create-member", { email, permissions: {} }),
    );
    expect(elsewhere.status).toBe(429);
    expect(await testDb().select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailsTo(email)).toBe(5);
  });

  it("sends one organization's invitations to at most 50 addresses a day", async () => {
    const team = await createSecondOrganization();
    const admin = new HttpClient(signedIn.app.url);
    await admin.login(team.email, team.password);
    const inviteNew = (label: string) =>
      invite(() => admin.post("/api/admin/create-member", { email: uniqueEmail(label), permissions: {} }));

    for (let colleague = 1; colleague <= 50; colleague += 1) {
      expect((await inviteNew(`colleague${colleague}`)).status).toBe(201);
    }
    expectRefused(
      await inviteNew("one-too-many"),
      "Your organization has sent too many invitations today. Please try again tomorrow.",
    );
    expect((await admin.get<unknown[]>("/api/admin/members")).body).toHaveLength(50);
    // Another organization still invites.
    const response = await invite(() =>
      signedIn.admin.post("/api/admin/create-member", { email: uniqueEmail("welcome"), permissions: {} }),
    );
    expect(response.status).toBe(201);
  });
});

describe("changing and removing members", () => {
  it("applies a permission change on the member's next request, without signing in again", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const { member, email, password } = await createMember(signedIn.owner.organization.id, {});
    const client = new HttpClient(signedIn.app.url);
    await client.login(email, password);
    expect((await client.get(`/api/stores/${store.id}/popup`)).status).toBe(403);
    const updated = await signedIn.admin.put(`/api/admin/members/${member.id}/permissions`, {
      permissions: { manage_popups: true },
    });
    expect(updated.status).toBe(200);
    expect((await client.get(`/api/stores/${store.id}/popup`)).status).toBe(200);
  });

  it("ends a removed member's sessions at once and keeps the stores they created", async () => {
    const { member, email, password } = await createMember(signedIn.owner.organization.id, {
      manage_stores: true,
    });
    const client = new HttpClient(signedIn.app.url);
    await client.login(email, password);
    const store = await createStoreFor(member.id, { name: "Made by the member" });
    expect((await signedIn.admin.delete(`/api/admin/members/${member.id}`)).status).toBe(200);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    const [kept] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(kept?.userId).toBe(signedIn.owner.admin.id);
  });

  it("does not let an admin delete or change their own account", async () => {
    expect((await signedIn.admin.delete(`/api/admin/members/${signedIn.owner.admin.id}`)).status).toBe(400);
    expect(
      (
        await signedIn.admin.put(`/api/admin/members/${signedIn.owner.admin.id}/permissions`, {
          permissions: {},
        })
      ).status,
    ).toBe(400);
    const [self] = await testDb().select().from(users).where(eq(users.id, signedIn.owner.admin.id));
    expect(self?.role).toBe("admin");
  });
});
