import { TextField } from "@shopify/polaris";
import { MESSAGES } from "~/lib/schemas/auth";

type Props = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/**
 * A new password's field: SPEC §5's hint under it until a message takes its place, so the rule is said
 * once ("at least 8 characters long" above "at least 8 characters" said it twice).
 */
export function NewPasswordField({ error, ...field }: Props) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      helpText={error ? undefined : MESSAGES.passwordHint}
      error={error}
      {...field}
    />
  );
}
