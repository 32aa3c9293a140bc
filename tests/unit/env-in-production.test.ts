import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The environment's production rules, read as a fresh start reads them. */
const PRODUCTION = {
  NODE_ENV: "production",
  APP_URL: "https://popup.example.com",
  SESSION_SECRET: "s".repeat(40),
  ENCRYPTION_KEY: "0".repeat(64),
};

async function startWith(variables: Record<string, string>): Promise<string> {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...PRODUCTION, ...variables })) vi.stubEnv(name, value);
  const { env } = await import("~/server/env.server");
  try {
    env();
    return "started";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("SNS_TRUSTED_TEST_ORIGIN in production", () => {
  beforeEach(() => vi.unstubAllEnvs());
  afterEach(() => vi.unstubAllEnvs());

  it("stops the start when it names another host, which would then be trusted like Amazon SNS", async () => {
    expect(await startWith({ SNS_TRUSTED_TEST_ORIGIN: "https://evil.example" })).toMatch(
      /SNS_TRUSTED_TEST_ORIGIN is for tests: in production it may only name this machine/,
    );
  });

  it("allows this machine, for the suite's own production starts", async () => {
    expect(await startWith({ SNS_TRUSTED_TEST_ORIGIN: "http://127.0.0.1:4999" })).toBe("started");
  });
});
