import { Badge, Text } from "@shopify/polaris";

/** SPEC §4: a subscriber is active or unsubscribed. */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge tone="success">Active</Badge> : <Badge>Unsubscribed</Badge>;
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
