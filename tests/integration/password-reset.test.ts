import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows } from "../support/infra/db";
import { recipients, waitForOutboxMessage } from "../support/infra/outbox";
import { freePort } from "../support/infra/services";
import { findLink, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";

const RESET_SENT = { message: "If an account with this email exists, a reset link has been sent." };
const INVALID_LINK = { message: "This password reset link is invalid or expired." };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
const resetRow = (email: string) =>
  sqlRows<{ reset_token: string | null; reset_token_expiry: Date | null }>(
    "select reset_token, reset_token_expiry from users where email = $1",
    [email],
  ).then((rows) => rows[0]);

describe("with SMTP_URL (a real SMTP server)", () => {
  let sink: SmtpSink;
  let app: AppServer;
  let org: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

  beforeAll(async () => {
    org = await createOrganizationWithAdmin();
    sink = await startSmtpSink();
    const port = await freePort();
    app = await startApp({
      env: { SMTP_URL: sink.url, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  /** Asks for a reset link for `email` and returns the link from the email that arrives. */
  async function requestLink(email: string): Promise<string> {
    const before = sink.messages.length;
    const response = await new HttpClient(app.url).post("/api/auth/forgot-password", { email });
    expect(response.status).toBe(200);
    const message = await sink.waitForMessage(
      (candidate) => sink.messages.indexOf(candidate) >= before && candidate.envelopeTo.includes(email),
    );
    const link = findLink(message, "/reset-password?token=");
    if (!link) throw new Error(`No reset link in:\n${message.text}`);
    return link;
  }

  it("answers the same for unknown and known emails, and mails only the known one", async () => {
    const { email } = await createMember(org.organization.id);
    const unknown = await new HttpClient(app.url).post("/api/auth/forgot-password", {
      email: uniqueEmail("nobody"),
    });
    const known = await new HttpClient(app.url).post("/api/auth/forgot-password", { email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(RESET_SENT);
    expect(known.body).toEqual(RESET_SENT);

    const message = await sink.waitForMessage((candidate) => candidate.envelopeTo.includes(email));
    expect(message.subject).toBe("Reset your Newsletter Popup password");
    expect(recipients(message)).toEqual([email]);
    expect(sink.messages.flatMap((candidate) => candidate.envelopeTo)).not.toContain(
      expect.stringContaining("nobody-"),
    );
  });

  it("mails a working link whose token is stored only as a SHA-256", async () => {
    const { email, member } = await createMember(org.organization.id);
    const link = await requestLink(email);
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const stored = await resetRow(email);
    expect(stored?.reset_token).toBe(sha256(token));
    const expiresIn = (stored?.reset_token_expiry?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    const page = await fetch(link, { redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Set New Password");
    expect(html).not.toContain("Invalid Link");

    const http = new HttpClient(app.url);
    const reset = await http.post("/api/auth/reset-password", { token, password: "a brand new password" });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: "Password Set Successfully" });
    expect(await resetRow(email)).toEqual({ reset_token: null, reset_token_expiry: null });

    const old = await http.post("/api/auth/login", { email, password: "correct horse battery staple" });
    expect(old.status).toBe(401);
    expect((await http.login(email, "a brand new password")).email).toBe(member.email);
  });

  it("accepts a link only once", async () => {
    const { email } = await createMember(org.organization.id);
    const token = tokenOf(await requestLink(email));
    const http = new HttpClient(app.url);
    expect(
      (await http.post("/api/auth/reset-password", { token, password: "first new password" })).status,
    ).toBe(200);
    const again = await http.post("/api/auth/reset-password", { token, password: "second new password" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_LINK);
    await http.login(email, "first new password");
    const page = await (await fetch(`${app.url}/reset-password?token=${encodeURIComponent(token)}`)).text();
    expect(page).toContain("Invalid Link");
    expect(page).toContain("This password reset link is invalid or expired.");
  });

  it("refuses an expired link", async () => {
    const { email, password } = await createMember(org.organization.id);
    const token = tokenOf(await requestLink(email));
    await sqlRows("update users set reset_token_expiry = now() - interval '1 second' where email = $1", [
      email,
    ]);

    const http = new HttpClient(app.url);
    const response = await http.post("/api/auth/reset-password", { token, password: "a brand new password" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(INVALID_LINK);
    await http.login(email, password);
  });

  it("replaces an earlier link with the newest one", async () => {
    const { email } = await createMember(org.organization.id);
    const first = tokenOf(await requestLink(email));
    const second = tokenOf(await requestLink(email));
    const http = new HttpClient(app.url);
    expect(
      (await http.post("/api/auth/reset-password", { token: first, password: "new password 1" })).status,
    ).toBe(400);
    expect(
      (await http.post("/api/auth/reset-password", { token: second, password: "new password 2" })).status,
    ).toBe(200);
  });

  it("ends every open session of the user", async () => {
    const { email, password } = await createMember(org.organization.id);
    const laptop = new HttpClient(app.url);
    const phone = new HttpClient(app.url);
    await laptop.login(email, password);
    await phone.login(email, password);

    const token = tokenOf(await requestLink(email));
    expect(
      (await laptop.post("/api/auth/reset-password", { token, password: "after the reset" })).status,
    ).toBe(200);

    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a blank or common new password and keeps the link usable", async () => {
    const { email } = await createMember(org.organization.id);
    const token = tokenOf(await requestLink(email));
    const http = new HttpClient(app.url);
    const blank = await http.post("/api/auth/reset-password", { token, password: "          " });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ errors: { password: ["Password must not be only spaces"] } });
    for (const password of ["Password1", " 12345678 "]) {
      const common = await http.post("/api/auth/reset-password", { token, password });
      expect(common.status).toBe(422);
      expect(common.body).toMatchObject({
        errors: { password: ["This password is too common. Choose another one."] },
      });
    }
    const padded = await http.post("/api/auth/reset-password", { token, password: "   short1   " });
    expect(padded.body).toMatchObject({ errors: { password: ["Password must be at least 8 characters"] } });
    expect(
      (await http.post("/api/auth/reset-password", { token, password: " a rarer passphrase " })).status,
    ).toBe(200);
    // Judged trimmed, kept as typed: the spaces are part of the password.
    expect(
      (await new HttpClient(app.url).post("/api/auth/login", { email, password: " a rarer passphrase " }))
        .status,
    ).toBe(200);
    expect(
      (await new HttpClient(app.url).post("/api/auth/login", { email, password: "a rarer passphrase" }))
        .status,
    ).toBe(401);
  });

  it("validates the reset form with the SPEC messages", async () => {
    const http = new HttpClient(app.url);
    const noToken = await http.post("/api/auth/reset-password", { token: "", password: "long enough" });
    expect(noToken.status).toBe(422);
    expect(noToken.body).toMatchObject({ message: "Reset token is required" });
    const short = await http.post("/api/auth/reset-password", { token: "abc", password: "1234567" });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ message: "Password must be at least 8 characters" });
    const unknown = await http.post("/api/auth/reset-password", { token: "abc", password: "long enough" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(INVALID_LINK);
    const badEmail = await http.post("/api/auth/forgot-password", { email: "not-an-email" });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body).toMatchObject({ message: "Invalid email address" });
  });
});

describe("without SMTP_URL", () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("writes the reset email to DATA_DIR/outbox as an .eml with a working link", async () => {
    const org = await createOrganizationWithAdmin();
    const http = new HttpClient(app.url);
    expect((await http.post("/api/auth/forgot-password", { email: org.email })).body).toEqual(RESET_SENT);

    const message = await waitForOutboxMessage((candidate) => recipients(candidate).includes(org.email));
    expect(message.subject).toBe("Reset your Newsletter Popup password");
    const link = findLink(message, "/reset-password?token=");
    expect(link).toBeDefined();
    const token = tokenOf(link ?? "");
    expect((await http.post("/api/auth/reset-password", { token, password: "outbox password" })).status).toBe(
      200,
    );
    await http.login(org.email, "outbox password");
  });
});
