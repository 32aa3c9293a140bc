import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, builtAppRoot, startApp } from "../support/infra/app-server";
import { sqlRows, truncateAll } from "../support/infra/db";
import { builtCommand } from "../support/infra/processes";

const running: AppServer[] = [];

async function start(env: Record<string, string> = {}) {
  const app = await startApp({ env });
  running.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.stop()));
});

/** Posts the /setup or /signup form as a browser would (urlencoded, same origin). */
function postForm(http: HttpClient, path: string, fields: Record<string, string>) {
  return http.post(path, undefined, {
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
  });
}

const users = () =>
  sqlRows<{ email: string; role: string; organization: string; password: string }>(
    `select u.email, u.role, o.name as organization, u.password
       from users u join organizations o on o.id = u.organization_id order by u.created_at`,
  );

describe("/setup (first run)", () => {
  it("answers 400 to a body that is not a form, and creates no one", async () => {
    await truncateAll();
    const app = await start({ ALLOW_SIGNUP: "true" });
    const http = new HttpClient(app.url);
    for (const path of ["/setup", "/signup"]) {
      for (const contentType of ["application/json", "text/plain", "multipart/form-data"]) {
        const response = await http.post(path, undefined, {
          body: '{"email": "founder@acme.example"}',
          headers: { "Content-Type": contentType, Accept: "text/html" },
        });
        expect({ path, contentType, status: response.status }).toEqual({ path, contentType, status: 400 });
      }
    }
    expect(await users()).toEqual([]);
  });

  it("creates the first organization and admin, signs in, then disappears", async () => {
    await truncateAll();
    const app = await start();
    const http = new HttpClient(app.url);
    expect((await http.get("/setup", { headers: { Accept: "text/html" } })).status).toBe(200);

    const invalid = await postForm(http, "/setup", {
      organizationName: "",
      email: "nope",
      password: "short",
    });
    expect(invalid.status).toBe(422);
    expect(invalid.text).toContain("Invalid email address");
    expect(invalid.text).toContain("Password must be at least 8 characters");
    const common = await postForm(http, "/setup", {
      organizationName: "Founders Inc",
      email: uniqueEmail("founder"),
      password: "12345678",
    });
    expect(common.status).toBe(422);
    expect(common.text).toContain("This password is too common. Choose another one.");
    expect(await users()).toEqual([]);

    const email = uniqueEmail("founder");
    const created = await postForm(http, "/setup", {
      organizationName: "Founders Inc",
      email,
      password: "founder password",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/");
    const me = await http.get<{ user: { email: string; role: string } }>("/api/auth/user");
    expect(me.body.user).toMatchObject({ email, role: "admin" });
    expect(await users()).toEqual([
      {
        email,
        role: "admin",
        organization: "Founders Inc",
        password: expect.stringMatching(/^\$argon2id\$/),
      },
    ]);

    expect((await new HttpClient(app.url).get("/setup", { headers: { Accept: "text/html" } })).status).toBe(
      404,
    );
    const again = await postForm(new HttpClient(app.url), "/setup", {
      organizationName: "Hijack",
      email: uniqueEmail("hijack"),
      password: "hijack password",
    });
    expect(again.status).toBe(404);
    expect(await users()).toHaveLength(1);
  });
});

describe("/signup", () => {
  it("is 404 unless ALLOW_SIGNUP=true", async () => {
    await createOrganizationWithAdmin();
    const app = await start();
    const http = new HttpClient(app.url);
    expect((await http.get("/signup", { headers: { Accept: "text/html" } })).status).toBe(404);
    const post = await postForm(http, "/signup", {
      organizationName: "Sneaky",
      email: uniqueEmail("sneaky"),
      password: "sneaky password",
    });
    expect(post.status).toBe(404);
    expect(await sqlRows("select id from organizations where name = 'Sneaky'")).toEqual([]);
  });

  it("creates a new organization with its admin when ALLOW_SIGNUP=true", async () => {
    const existing = await createOrganizationWithAdmin();
    const app = await start({ ALLOW_SIGNUP: "true" });
    const http = new HttpClient(app.url);
    expect((await http.get("/signup", { headers: { Accept: "text/html" } })).status).toBe(200);

    const email = uniqueEmail("newcomer");
    const created = await postForm(http, "/signup", {
      organizationName: "Newcomer Shop",
      email,
      password: "newcomer password",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/");
    const me = await http.get<{ user: { email: string; role: string } }>("/api/auth/user");
    expect(me.body.user).toMatchObject({ email, role: "admin" });
    const [row] = await sqlRows<{ organization_id: string }>(
      "select organization_id from users where email = $1",
      [email],
    );
    expect(row?.organization_id).toBeDefined();
    expect(row?.organization_id).not.toBe(existing.organization.id);

    const duplicate = await postForm(new HttpClient(app.url), "/signup", {
      organizationName: "Copycat",
      email: existing.email.toUpperCase(),
      password: "copycat password",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain("An account with this email already exists");
    expect(await sqlRows("select id from organizations where name = 'Copycat'")).toEqual([]);
  });
});

describe("ADMIN_EMAIL / ADMIN_PASSWORD", () => {
  it("creates the admin at first start only", async () => {
    await truncateAll();
    const email = uniqueEmail("ops");
    const first = await start({
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: "ops password 1",
      ADMIN_ORGANIZATION: "Ops Org",
    });
    const http = new HttpClient(first.url);
    expect(await http.login(email, "ops password 1")).toMatchObject({ email, role: "admin" });
    expect((await http.get("/setup", { headers: { Accept: "text/html" } })).status).toBe(404);
    await first.stop();

    // Users exist now: a changed ADMIN_EMAIL at the next start creates nobody.
    const second = await start({ ADMIN_EMAIL: uniqueEmail("late"), ADMIN_PASSWORD: "late password" });
    expect((await users()).map((user) => [user.email, user.organization])).toEqual([[email, "Ops Org"]]);
    await new HttpClient(second.url).login(email, "ops password 1");
  });
});

/** Runs `npm run create-admin -- …` (build/bin/create-admin.js, as npm would). */
function createAdmin(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const appRoot = builtAppRoot();
    const child = spawn(process.execPath, [builtCommand("create-admin", appRoot), ...args], {
      cwd: appRoot,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run create-admin", () => {
  it("creates an admin who can sign in, and refuses a duplicate", async () => {
    const email = uniqueEmail("cli");
    const created = await createAdmin([
      "--email",
      email,
      "--password",
      "cli password",
      "--organization",
      "CLI Org",
    ]);
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).toContain(`Created admin ${email} in organization "CLI Org"`);
    expect((await users()).find((user) => user.email === email)).toMatchObject({
      role: "admin",
      organization: "CLI Org",
      password: expect.stringMatching(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/),
    });

    const app = await start();
    await new HttpClient(app.url).login(email, "cli password");

    const duplicate = await createAdmin(["--email", email.toUpperCase(), "--password", "another password"]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("An account with this email already exists");
    expect((await users()).filter((user) => user.email.toLowerCase() === email)).toHaveLength(1);
  });

  it("validates its input and says how to call it", async () => {
    const before = await users();
    const invalid = await createAdmin(["--email", "not-an-email", "--password", "short"]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain("email: Invalid email address");
    expect(invalid.stderr).toContain("password: Password must be at least 8 characters");
    expect(invalid.stderr).toContain(
      "Usage: npm run create-admin -- --email E --password P [--organization NAME]",
    );

    const common = await createAdmin(["--email", uniqueEmail("ops"), "--password", "iloveyou"]);
    expect(common.code).toBe(2);
    expect(common.stderr).toContain("password: This password is too common. Choose another one.");

    const missing = await createAdmin([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("email: Invalid email address");
    expect(await users()).toEqual(before);
  });
});
