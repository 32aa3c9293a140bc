/** Why an address gets no more email (docs/decisions/173). */
export const suppressionKinds = ["bounced", "complained"] as const;
export type SuppressionKind = (typeof suppressionKinds)[number];

/** A subscriber's suppression as the screens receive it; null while mail reaches them. */
export type Suppression = { kind: SuppressionKind; reason: string; at: Date } | null;

/**
 * Who made an address not subscribed (docs/decisions/209): the person here (an unsubscribe link, one-click, a
 * spam complaint), an import whose file says the person left the vendor's list (unsubscribed or cleaned), or an
 * import whose file shows no consent but no opt-out either. Only the last may be lifted by a later file.
 */
export const unsubscribeSources = ["subscriber", "import_opt_out", "import_no_consent"] as const;
export type UnsubscribeSource = (typeof unsubscribeSources)[number];
