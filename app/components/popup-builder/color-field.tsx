import { TextField } from "@shopify/polaris";

type Props = { label: string; value: string; onChange: (value: string) => void; error?: string };

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** A colour as a swatch that opens the system picker, beside its #rrggbb text for exact values. */
export function ColorField({ label, value, onChange, error }: Props) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(next) => onChange(next.trim())}
      error={error}
      maxLength={7}
      monospaced
      autoComplete="off"
      connectedLeft={
        <input
          type="color"
          className="np-color-swatch"
          aria-label={`${label} picker`}
          value={HEX_COLOR.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value)}
        />
      }
    />
  );
}
