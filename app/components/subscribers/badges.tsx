import { Badge, Text, Tooltip } from "@shopify/polaris";
import { formatDate } from "~/lib/format";
import type { SuppressionKind } from "~/lib/schemas/suppression";

/** SPEC §4: a subscriber is active or unsubscribed. */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge tone="success">Active</Badge> : <Badge>Unsubscribed</Badge>;
}

/** An address that gets no more email (docs/decisions/173), with why and when in its tooltip. */
export function SuppressionBadge({
  suppression,
  reason,
  at,
}: {
  suppression: SuppressionKind | null;
  reason: string | null;
  at: Date | string | null;
}) {
  if (!suppression) return null;
  const label = suppression === "bounced" ? "Bounced" : "Complained";
  const when = at ? ` ${formatDate(at)}` : "";
  return (
    <Tooltip content={`${label}${when}${reason ? `: ${reason}` : ""}`}>
      <Badge tone="critical">{label}</Badge>
    </Tooltip>
  );
}

/** A welcome email held for want of SMTP settings: said on the row, not left to be found. */
export function HeldWelcomeBadge({ held }: { held: boolean }) {
  return held ? <Badge tone="critical">Welcome email not sent</Badge> : null;
}

/** SPEC §4: a sent coupon is Pending until the shop reports it used; no code, no badge. */
export function CouponBadge({ code, used }: { code: string | null; used: boolean }) {
  if (!code) {
    return (
      <Text as="span" tone="subdued">
        —
      </Text>
    );
  }
  return used ? <Badge tone="success">Used</Badge> : <Badge tone="attention">Pending</Badge>;
}
