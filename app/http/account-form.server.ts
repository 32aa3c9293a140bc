import { data, redirect } from "react-router";
import { fieldErrors } from "~/lib/form-errors";
import { DomainError } from "~/server/domain-errors.server";
import { createAccount } from "~/services/access/accounts.server";
import { createAccountRequestSchema } from "~/services/access/password-policy.server";
import { statusOf } from "./errors.server";
import { sessionCookie } from "./session-cookie.server";

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
    const session = await createAccount(parsed.data, ip);
    return redirect("/", { headers: { "Set-Cookie": await sessionCookie(session.token) } });
  } catch (error) {
    if (error instanceof DomainError)
      return data({ errors: { email: error.message } }, { status: statusOf(error) });
    throw error;
  }
}
