import { Badge, Button, InlineStack } from "@shopify/polaris";
import { startTransition, useEffect, useRef, useState } from "react";
import {
  formatRemaining,
  inWarningWindow,
  isDestructive,
  remainingMs,
  SESSION_EXPIRED,
} from "~/lib/session-countdown";
import { useToast } from "./toast";

type Props = { sessionExpiresAt: string; onExpired: () => void };

/** SPEC §4 countdown: ticks every second, warns once at 4–5 minutes, logs out once at zero. */
export function SessionCountdown({ sessionExpiresAt, onExpired }: Props) {
  const toast = useToast();
  // null until mounted: the server's clock and the browser's differ, and the text must hydrate identically.
  const [now, setNow] = useState<number | null>(null);
  const warned = useRef(false);
  const expired = useRef(false);
  const remaining = now === null ? null : remainingMs(sessionExpiresAt, now);

  useEffect(() => {
    // Transitions: the ticks must not interrupt streamed parts of the page that are still hydrating.
    const tick = () => startTransition(() => setNow(Date.now()));
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (remaining === null) return;
    if (inWarningWindow(remaining) && !warned.current) {
      warned.current = true;
      toast({ title: "Session Expiring Soon", message: "Your session will expire in less than 5 minutes." });
    }
    if (remaining === 0 && !expired.current) {
      expired.current = true;
      toast({ ...SESSION_EXPIRED, tone: "critical", keepOnNavigation: true });
      onExpired();
    }
  }, [remaining, toast, onExpired]);

  const destructive = remaining !== null && isDestructive(remaining);
  return (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      <span className="np-countdown">
        <Badge
          tone={destructive ? "critical" : "info"}
        >{`Session: ${remaining === null ? "…" : formatRemaining(remaining)}`}</Badge>
      </span>
      {destructive ? (
        <Button size="slim" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      ) : null}
    </InlineStack>
  );
}
