import { TextField } from "@shopify/polaris";
import { useState } from "react";

type Props = {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  helpText?: string;
  placeholder?: string;
  error?: string;
};

/** The entries of a one-per-line list, blank lines and surrounding spaces left out. */
const entriesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * A list edited as text, one entry per line (commas also separate). The text is kept as typed, so a new
 * line can be started; the list sent is the entries it holds.
 */
export function LineListField({ label, value, onChange, helpText, placeholder, error }: Props) {
  const [text, setText] = useState(value.join("\n"));
  return (
    <TextField
      label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(entriesOf(next));
      }}
      multiline={3}
      helpText={helpText}
      placeholder={placeholder}
      error={error}
      autoComplete="off"
    />
  );
}
