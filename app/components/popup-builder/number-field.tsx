import { TextField } from "@shopify/polaris";
import { useState } from "react";

type NumberFieldProps = {
  label: string;
  value: number | null;
  max: number;
  min?: number;
  /** Cents allowed (money) rather than whole numbers. */
  decimals?: boolean;
  prefix?: string;
  suffix?: string;
  helpText?: string;
  error?: string;
} & (
  | { optional?: false; onChange: (value: number) => void }
  /** Empty means none (null); without it, empty is NaN, which the rules refuse. */
  | { optional: true; onChange: (value: number | null) => void }
);

/** A number field that keeps what was typed; the autosave refuses what the rules do (the error shows here). */
export function NumberField(props: NumberFieldProps) {
  const { label, value, max, min = 1, decimals = false, prefix, suffix, helpText, error } = props;
  const [typed, setTyped] = useState(value === null ? "" : String(value));
  return (
    <TextField
      label={label}
      type="number"
      min={min}
      max={max}
      step={decimals ? 0.01 : 1}
      value={typed}
      prefix={prefix}
      suffix={suffix}
      helpText={helpText}
      error={error}
      onChange={(next) => {
        setTyped(next);
        const number = next.trim() === "" ? null : Number(next);
        if (props.optional) props.onChange(number);
        else props.onChange(number ?? Number.NaN);
      }}
      autoComplete="off"
    />
  );
}
