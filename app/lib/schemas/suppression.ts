/** Why an address gets no more email (docs/decisions/173). */
export const suppressionKinds = ["bounced", "complained"] as const;
export type SuppressionKind = (typeof suppressionKinds)[number];

/** A subscriber's suppression as the screens receive it; null while mail reaches them. */
export type Suppression = { kind: SuppressionKind; reason: string; at: Date } | null;
