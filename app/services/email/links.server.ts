import { isUuid } from "~/lib/ids";
import { isSignatureOf, signatureOf } from "~/server/crypto.server";
import { env } from "~/server/env.server";

type Purpose = "unsubscribe" | "confirm";

/** `{subscriberId}.{signature}`: a link that names its subscriber and cannot be forged or reused for another. */
export function subscriberToken(purpose: Purpose, subscriberId: string): string {
  return `${subscriberId}.${signatureOf(`${purpose}:${subscriberId}`)}`;
}

/** The subscriber a token names, or null when it was not signed by us for this purpose. */
export function verifySubscriberToken(purpose: Purpose, token: string): string | null {
  const [subscriberId, signature] = token.split(".");
  if (!isUuid(subscriberId) || !signature) return null;
  return isSignatureOf(`${purpose}:${subscriberId}`, signature) ? subscriberId : null;
}

export function unsubscribeUrl(subscriberId: string): string {
  return new URL(`/u/${subscriberToken("unsubscribe", subscriberId)}`, env().APP_URL).toString();
}

export function confirmUrl(subscriberId: string): string {
  return new URL(`/confirm/${subscriberToken("confirm", subscriberId)}`, env().APP_URL).toString();
}
