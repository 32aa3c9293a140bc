import { TextField } from "@shopify/polaris";
import { HEX_COLOR_PATTERN } from "~/lib/schemas/email-template";

type Props = {
  label: string;
  value: string;
  /** Shown by the picker while the typed value is not a complete #rrggbb. */
  fallback: string;
  error?: string;
  onChange: (value: string) => void;
};

const swatchStyle = {
  width: 44,
  height: 36,
  padding: 2,
  border: "1px solid var(--p-color-input-border)",
  borderRadius: "var(--p-border-radius-200)",
  background: "var(--p-color-bg-surface)",
  cursor: "pointer",
} as const;

/** A colour picker beside its hex text, kept in step: either one edits the value. */
export function ColorField({ label, value, fallback, error, onChange }: Props) {
  const pickerValue = HEX_COLOR_PATTERN.test(value) ? value.toLowerCase() : fallback;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(next) => onChange(next.trim())}
      maxLength={7}
      placeholder={fallback}
      error={error}
      autoComplete="off"
      monospaced
      connectedLeft={
        <input
          type="color"
          aria-label={`${label} picker`}
          value={pickerValue}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={swatchStyle}
        />
      }
    />
  );
}
