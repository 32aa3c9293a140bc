import { data, redirect } from "react-router";
import { fieldErrors } from "~/lib/form-errors";
import { consume, type RateRule } from "~/server/rate-limit.server";
import { HttpError } from "~/services/errors.server";
import { createAccountRequestSchema } from "./password-policy.server";
import { createSession, sessionCookie } from "./sessions.server";
import { createOrganizationWithAdmin } from "./users.server";

const accountsPerIp: RateRule = {
  name: "signup-ip",
  limit: 5,
  windowMs: 60 * 60_000,
  message: "Too many accounts created from this address. Please try again later.",
};

/** The posted form; a body that is not one (another Content-Type, broken multipart) is a 400, not a 500. */
async function readForm(request: Request): Promise<Record<string, FormDataEntryValue>> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    throw data("The form could not be read", { status: 400 });
  }
}

/** The /setup and /signup action: a new organization and admin, signed in straight away. */
export async function createAccountFromForm(request: Request, ip: string) {
  const form = await readForm(request);
  const parsed = createAccountRequestSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 422 });
  try {
    await consume(accountsPerIp, ip);
    const { admin } = await createOrganizationWithAdmin(parsed.data);
    const session = await createSession(admin);
    return redirect("/", { headers: { "Set-Cookie": await sessionCookie(session.token) } });
  } catch (error) {
    if (error instanceof HttpError)
      return data({ errors: { email: error.message } }, { status: error.status });
    throw error;
  }
}
