import { data } from "react-router";
import { AccountForm } from "~/components/account-form";
import { AuthLayout } from "~/components/auth-layout";
import { createAccountFromForm } from "~/http/account-form.server";
import { countUsers } from "~/services/access/users.server";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [{ title: "Set up · Newsletter Popup" }];

/** First run only: once any user exists the page is gone. */
async function assertFirstRun() {
  if ((await countUsers()) > 0) throw data("Not Found", { status: 404 });
}

export async function loader() {
  await assertFirstRun();
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await assertFirstRun();
  return createAccountFromForm(request, context.ip);
}

export default function Setup({ actionData }: Route.ComponentProps) {
  return (
    <AuthLayout
      title="Create the admin account"
      subtitle="Set up your organization to start collecting subscribers."
    >
      <AccountForm errors={actionData?.errors} submitLabel="Create account" />
    </AuthLayout>
  );
}
