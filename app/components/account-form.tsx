import { BlockStack, Button, FormLayout, TextField } from "@shopify/polaris";
import { Form, useNavigation } from "react-router";
import { NewPasswordField } from "./password-field";
import { useFields } from "./use-form";

type Props = { errors?: Record<string, string>; submitLabel: string };

/** Organization name, admin email and password: the form of /setup and /signup. */
export function AccountForm({ errors = {}, submitLabel }: Props) {
  const navigation = useNavigation();
  // Sent as a plain form post: the action validates it and its errors come back as props.
  const { field } = useFields({ organizationName: "", email: "", password: "" }, errors);
  return (
    <Form method="post" noValidate>
      <FormLayout>
        <TextField
          label="Organization name"
          name="organizationName"
          autoComplete="organization"
          {...field("organizationName")}
        />
        <TextField label="Email" type="email" name="email" autoComplete="email" {...field("email")} />
        <NewPasswordField label="Password" name="password" {...field("password")} />
        <BlockStack inlineAlign="start">
          <Button submit variant="primary" loading={navigation.state === "submitting"} fullWidth>
            {submitLabel}
          </Button>
        </BlockStack>
      </FormLayout>
    </Form>
  );
}
