import { TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";

type Props = {
  label: string;
  /** An ISO instant, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  /** Said after the time zone. */
  hint?: string;
};

const pad = (figure: number) => String(figure).padStart(2, "0");

/** "2026-11-24T16:05" in the browser's time zone: what a datetime-local input holds. */
function localInputValue(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A moment shown and typed in the merchant's own time zone and sent as an ISO instant. The time zone is
 * the browser's, so the field fills in once the page runs there (the server's zone would show wrong times).
 */
export function DateTimeField({ label, value, onChange, error, hint = "Leave empty for no limit." }: Props) {
  const [text, setText] = useState("");
  const [zone, setZone] = useState("");
  // Filled once in the browser; from then on the field owns its text.
  useEffect(() => {
    setText(localInputValue(value));
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, []);

  return (
    <TextField
      label={label}
      type="datetime-local"
      value={text}
      onChange={(next) => {
        setText(next);
        if (!next) return onChange(null);
        const date = new Date(next);
        if (!Number.isNaN(date.getTime())) onChange(date.toISOString());
      }}
      helpText={zone ? `Your time (${zone}). ${hint}` : hint}
      clearButton
      onClearButtonClick={() => {
        setText("");
        onChange(null);
      }}
      error={error}
      autoComplete="off"
    />
  );
}
