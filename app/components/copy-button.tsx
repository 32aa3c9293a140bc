import { Button } from "@shopify/polaris";
import { useEffect, useState } from "react";

/** SPEC §4: the copied state resets after 2 seconds. */
const COPIED_RESET_MS = 2_000;

type Props = {
  text: string;
  label?: string;
  copiedLabel?: string;
  /** What is copied, for screen readers when several copy buttons share a screen ("SPF value"). */
  what?: string;
  onCopied?: () => void;
  onFailed?: () => void;
};

export function CopyButton({
  text,
  label = "Copy",
  copiedLabel = "Copied",
  what,
  onCopied,
  onFailed,
}: Props) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      onCopied?.();
    } catch {
      onFailed?.();
    }
  }

  const shown = copied ? copiedLabel : label;
  return (
    <Button onClick={copy} accessibilityLabel={what ? `${shown} ${what}` : undefined}>
      {shown}
    </Button>
  );
}
