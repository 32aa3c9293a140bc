import { BlockStack, Button, FormLayout, TextField } from "@shopify/polaris";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { MESSAGES } from "~/lib/schemas/auth";

type Props = { errors?: Record<string, string>; submitLabel: string };

/** Organization name, admin email and password: the form of /setup and /signup. */
export function AccountForm({ errors = {}, submitLabel }: Props) {
  const navigation = useNavigation();
  const [values, setValues] = useState({ organizationName: "", email: "", password: "" });
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  return (
    <Form method="post" noValidate>
      <FormLayout>
        <TextField
          label="Organization name"
          name="organizationName"
          autoComplete="organization"
          value={values.organizationName}
          onChange={set("organizationName")}
          error={errors.organizationName}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          helpText={MESSAGES.passwordHint}
          value={values.password}
          onChange={set("password")}
          error={errors.password}
        />
        <BlockStack inlineAlign="start">
          <Button submit variant="primary" loading={navigation.state === "submitting"} fullWidth>
            {submitLabel}
          </Button>
        </BlockStack>
      </FormLayout>
    </Form>
  );
}
