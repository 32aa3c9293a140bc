import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSessionToken } from "~/http/session-cookie.server";
import { createMember, createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient, parseSetCookie } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows } from "../support/infra/db";

const TTL_MINUTES = 30;
let app: AppServer;
let admin: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  admin = await createOrganizationWithAdmin();
  app = await startApp({ env: { SESSION_TTL_MINUTES: String(TTL_MINUTES) } });
});
afterAll(async () => {
  await app?.stop();
});

const client = () => new HttpClient(app.url);
const sessionIds = (userId: string) =>
  sqlRows<{ sid: string; expire: Date }>("select sid, expire from sessions where sess->>'userId' = $1", [
    userId,
  ]);

describe("POST /api/auth/login", () => {
  it("signs in and sets an HttpOnly, SameSite=Lax, Secure session cookie", async () => {
    const http = client();
    const response = await http.post("/api/auth/login", { email: admin.email, password: admin.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      email: admin.email,
      role: "admin",
      permissions: {
        manage_stores: true,
        manage_popups: true,
        view_subscribers: true,
        manage_subscribers: true,
        manage_email_settings: true,
        manage_integrations: true,
        manage_campaigns: true,
        delete_data: true,
      },
    });
    const [line = ""] = response.headers.getSetCookie();
    const cookie = parseSetCookie(line);
    expect(cookie.name).toBe("np_session");
    expect(Buffer.from((await tokenOf(cookie.value)) ?? "", "base64url")).toHaveLength(32);
    expect(cookie.attributes.has("httponly")).toBe(true);
    expect(cookie.attributes.get("samesite")).toBe("Lax");
    expect(cookie.attributes.has("secure")).toBe(true);
    expect(cookie.attributes.get("path")).toBe("/");
    expect(cookie.attributes.get("max-age")).toBe(String(TTL_MINUTES * 60));
  });

  it("accepts the email in any letter case", async () => {
    const response = await client().post("/api/auth/login", {
      email: admin.email.toUpperCase(),
      password: admin.password,
    });
    expect(response.status).toBe(200);
  });

  it("answers 401 for a wrong password or an unknown account, with the same message", async () => {
    const wrong = await client().post("/api/auth/login", { email: admin.email, password: "wrong password" });
    const unknown = await client().post("/api/auth/login", {
      email: "nobody@example.com",
      password: admin.password,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid email or password" });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("answers 422 with the SPEC messages for invalid input", async () => {
    const response = await client().post("/api/auth/login", { email: "not-an-email", password: "" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "Invalid email address",
      errors: { email: ["Invalid email address"], password: ["Password is required"] },
    });
    const missingPassword = await client().post("/api/auth/login", { email: admin.email });
    expect(missingPassword.status).toBe(422);
    expect(missingPassword.body).toMatchObject({ message: "Password is required" });
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await client().post("/api/auth/login", undefined, {
      body: '{"email": "a@example.com", "password": ',
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "Request body must be valid JSON" });
  });

  it("never answers 500 to odd bodies", async () => {
    const odd: [string, number][] = [
      ["null", 422],
      ["[]", 422],
      ['"a string"', 422],
      ["12", 422],
      [JSON.stringify({ email: ["a@example.com"], password: 1 }), 422],
      [JSON.stringify({ email: { $gt: "" }, password: { $ne: null } }), 422],
      [JSON.stringify({ email: admin.email, password: "x".repeat(10_000) }), 422],
      [JSON.stringify({ email: `${"a".repeat(300)}@example.com`, password: "x" }), 422],
      [JSON.stringify({ email: admin.email, password: "x", padding: "y".repeat(2 * 1024 * 1024) }), 413],
    ];
    for (const [body, status] of odd) {
      const response = await client().post("/api/auth/login", undefined, {
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect({ body: body.slice(0, 40), status: response.status }).toEqual({
        body: body.slice(0, 40),
        status,
      });
      expect(response.body).toHaveProperty("message");
    }
  });

  it("starts a new session at each login and ends the one the browser had", async () => {
    const http = client();
    await http.login(admin.email, admin.password);
    const first = http.sessionToken;
    await http.login(admin.email, admin.password);
    const second = http.sessionToken;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const old = new HttpClient(app.url);
    old.cookies.set("np_session", first ?? "");
    expect((await old.get("/api/auth/user")).status).toBe(401);
    expect((await http.get("/api/auth/user")).status).toBe(200);
  });

  it("refuses a deactivated user, also on its open session", async () => {
    const { member, email, password } = await createMember(admin.organization.id, { manage_popups: true });
    const http = client();
    await http.login(email, password);
    await sqlRows("update users set is_active = false where id = $1", [member.id]);

    expect((await http.get("/api/auth/user")).status).toBe(401);
    const again = await client().post("/api/auth/login", { email, password });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: "Invalid email or password" });
  });
});

describe("GET /api/auth/user", () => {
  it("answers 401 JSON without a session", async () => {
    const response = await client().get("/api/auth/user");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Authentication required" });
  });

  it("answers 401 for a forged cookie", async () => {
    const http = client();
    http.cookies.set("np_session", Buffer.alloc(32, 1).toString("base64url"));
    expect((await http.get("/api/auth/user")).status).toBe(401);
  });

  it("returns the user and a sessionExpiresAt of now + SESSION_TTL_MINUTES", async () => {
    const { email, password } = await createMember(admin.organization.id, { view_subscribers: true });
    const http = client();
    await http.login(email, password);
    const response = await http.get<{ user: unknown; sessionExpiresAt: string }>("/api/auth/user");
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual({
      email,
      role: "member",
      permissions: {
        manage_stores: false,
        manage_popups: false,
        view_subscribers: true,
        manage_subscribers: false,
        manage_email_settings: false,
        manage_integrations: false,
        manage_campaigns: false,
        delete_data: false,
      },
    });
    const expiresIn = Date.parse(response.body.sessionExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((TTL_MINUTES - 2) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(TTL_MINUTES * 60_000);
  });

  it("slides the expiry forward when the session is used", async () => {
    const http = client();
    await http.login(admin.email, admin.password);
    const sid = hmac((await tokenOf(http.sessionToken)) ?? "");
    await sqlRows("update sessions set expire = now() + interval '5 minutes' where sid = $1", [sid]);

    const response = await http.get<{ sessionExpiresAt: string }>("/api/auth/user");
    expect(response.status).toBe(200);
    expect(Date.parse(response.body.sessionExpiresAt) - Date.now()).toBeGreaterThan(
      (TTL_MINUTES - 2) * 60_000,
    );
    const [row] = await sqlRows<{ expire: Date }>("select expire from sessions where sid = $1", [sid]);
    expect(row?.expire.getTime()).toBe(Date.parse(response.body.sessionExpiresAt));
  });

  it("rejects an expired session", async () => {
    const http = client();
    await http.login(admin.email, admin.password);
    await sqlRows("update sessions set expire = now() - interval '1 second' where sid = $1", [
      hmac((await tokenOf(http.sessionToken)) ?? ""),
    ]);
    expect((await http.get("/api/auth/user")).status).toBe(401);
    // The login page is told why, once: the lapsed cookie is cleared on the way.
    const screen = await http.get("/");
    expect(screen.status).toBe(302);
    expect(screen.headers.get("location")).toBe("/login?reason=session-expired");
    expect(http.sessionToken).toBeUndefined();
    const login = await http.get<string>("/login?reason=session-expired");
    expect(login.text).toContain("Your session has expired. Please login again.");
    const again = await http.get("/");
    expect(again.headers.get("location")).toBe("/login");
    // A visitor who never signed in is not told of an expiry.
    expect((await client().get("/dashboard")).headers.get("location")).toBe("/login");
  });
});

describe("sessions in the database", () => {
  it("stores only the HMAC of the cookie token", async () => {
    const { member, email, password } = await createMember(admin.organization.id);
    const http = client();
    await http.login(email, password);
    const token = (await tokenOf(http.sessionToken)) ?? "";
    expect(token).not.toBe("");

    const rows = await sessionIds(member.id);
    expect(rows.map((row) => row.sid)).toEqual([hmac(token)]);
    const leaks = await sqlRows("select sid from sessions where sid = $1 or sess::text like $2", [
      token,
      `%${token}%`,
    ]);
    expect(leaks).toEqual([]);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session and clears the cookie", async () => {
    const { member, email, password } = await createMember(admin.organization.id);
    const http = client();
    await http.login(email, password);
    const cookie = http.sessionToken ?? "";

    const response = await http.post("/api/auth/logout");
    expect(response.status).toBe(200);
    const cleared = parseSetCookie(response.headers.getSetCookie()[0] ?? "");
    expect(cleared).toMatchObject({ name: "np_session", value: "" });
    expect(cleared.attributes.get("max-age")).toBe("0");
    expect(await sessionIds(member.id)).toEqual([]);

    const replay = client();
    replay.cookies.set("np_session", cookie);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });

  it("succeeds without a session", async () => {
    expect((await client().post("/api/auth/logout")).status).toBe(200);
  });
});

/** The session token inside a np_session cookie value (signed), read as the app reads it. */
function tokenOf(cookieValue: string | undefined): Promise<string | undefined> {
  return readSessionToken(
    new Request("http://localhost/", { headers: { Cookie: `np_session=${cookieValue}` } }),
  );
}

function hmac(token: string): string {
  return createHmac("sha256", process.env.SESSION_SECRET ?? "")
    .update(token)
    .digest("hex");
}
