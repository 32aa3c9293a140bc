import { Link, Text } from "@shopify/polaris";
import { data } from "react-router";
import { AccountForm } from "~/components/account-form";
import { AuthLayout } from "~/components/auth-layout";
import { createAccountFromForm } from "~/http/account-form.server";
import { env } from "~/server/env.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Sign up · Newsletter Popup" }];

function assertSignupOpen() {
  if (!env().ALLOW_SIGNUP) throw data("Not Found", { status: 404 });
}

export async function loader() {
  assertSignupOpen();
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSignupOpen();
  return createAccountFromForm(request, context.ip);
}

export default function Signup({ actionData }: Route.ComponentProps) {
  return (
    <AuthLayout title="Create your account" subtitle="A new organization with you as its admin.">
      <AccountForm errors={actionData?.errors} submitLabel="Sign up" />
      <Text as="p" tone="subdued">
        Already have an account? <Link url="/login">Sign in</Link>
      </Text>
    </AuthLayout>
  );
}
