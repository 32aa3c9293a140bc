import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/builders/fixtures";
import { builtAppRoot, startApp } from "../support/infra/app-server";
import { sqlRows } from "../support/infra/db";
import { builtCommand } from "../support/infra/processes";

/**
 * A production start without a required variable stops at once with its name, instead of serving and then
 * failing every login (ENCRYPTION_KEY), every session (SESSION_SECRET) or every same-origin check (APP_URL).
 */
const REQUIRED = ["SESSION_SECRET", "ENCRYPTION_KEY", "APP_URL"];

describe("npm start in production", () => {
  it.each(REQUIRED)("exits non-zero naming %s when it is missing, before listening", async (name) => {
    const start = await startApp({ env: { [name]: undefined }, process: true }).then(
      async (app) => {
        await app.stop();
        return "it listened";
      },
      (error: Error) => error.message,
    );
    expect(start).toMatch(new RegExp(`exited with code [1-9][\\s\\S]*${name} is required in production`));
  });
});

describe("APP_URL in production", () => {
  it("refuses a plain http address that is not this machine, naming the HTTPS rule", async () => {
    const start = await startApp({ env: { APP_URL: "http://popup.example.com" }, process: true }).then(
      async (app) => {
        await app.stop();
        return "it listened";
      },
      (error: Error) => error.message,
    );
    expect(start).toMatch(/exited with code [1-9][\s\S]*APP_URL must start with https:\/\/ in production/);
  });
});

/** `npm run create-admin` (build/bin/create-admin.js, as npm runs it) without `missing`: exit code and output. */
function createAdmin(missing: string, email: string): Promise<{ code: number | null; output: string }> {
  const appRoot = builtAppRoot();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    APP_URL: "https://popup.example.com",
  };
  delete env[missing];
  const child = spawn(
    process.execPath,
    [builtCommand("create-admin", appRoot), "--email", email, "--password", "password-123456"],
    { cwd: appRoot, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

describe("npm run create-admin in production", () => {
  it("exits non-zero naming ENCRYPTION_KEY when it is missing, and creates no one", async () => {
    const email = uniqueEmail("admin");
    const result = await createAdmin("ENCRYPTION_KEY", email);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("ENCRYPTION_KEY is required in production");
    expect(await sqlRows("select id from users where email = $1", [email])).toEqual([]);
  }, 60_000);
});
