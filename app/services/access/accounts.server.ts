import { consume, type RateRule } from "~/server/rate-limit.server";
import type { CreateAccountRequest } from "./password-policy.server";
import { createSession } from "./sessions.server";
import { createOrganizationWithAdmin } from "./users.server";

const accountsPerIp: RateRule = {
  name: "signup-ip",
  limit: 5,
  windowMs: 60 * 60_000,
  message: "Too many accounts created from this address. Please try again later.",
};

/** A new organization and its admin (the /setup and /signup forms), with a session to sign in straight away. */
export async function createAccount(input: CreateAccountRequest, ip: string) {
  await consume(accountsPerIp, ip);
  const { admin } = await createOrganizationWithAdmin(input);
  return createSession(admin);
}
