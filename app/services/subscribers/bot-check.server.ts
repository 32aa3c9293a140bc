import { createHash } from "node:crypto";
import { isSignatureOf, randomToken, signatureOf } from "~/server/crypto.server";
import { countWithin, type RateRule } from "~/server/rate-limit.server";
import type { BotChallenge } from "../../../popup/config";

/**
 * The storefront's bot check, a proof of work (docs/decisions/028): the store hands out a signed
 * challenge, and the popup, while the visitor types, finds a number that makes the SHA-256 of
 * "<challenge>.<number>" start with a 16-bit value below `limit` (2^15 tries on average: well under a
 * second in a browser, a real cost for whoever submits thousands of addresses). A proof counts once.
 * Without one, a Shopify store's subscriber is asked to confirm before anything reaches Shopify.
 */
export const PROOF_LIMIT = 2;
const CHALLENGE_LIFETIME_MS = 30 * 60_000;

/** Each challenge proves one subscription: the window outlives the challenge. */
const proofUsedOnce: RateRule = {
  name: "bot-check-proof",
  limit: 1,
  windowMs: CHALLENGE_LIFETIME_MS + 60_000,
  message: "This proof was already used",
};

/** What a challenge's signature covers: the store it is for, its expiry and its random part. */
const signed = (storeId: string, body: string) => `bot-check:${storeId}:${body}`;

/** A new challenge for one of the store's visitors: "<expires ms>.<random>.<signature>". */
export function issueChallenge(storeId: string, now = Date.now()): BotChallenge {
  const body = `${now + CHALLENGE_LIFETIME_MS}.${randomToken(12)}`;
  return { challenge: `${body}.${signatureOf(signed(storeId, body))}`, limit: PROOF_LIMIT };
}

/** Whether the proof's work meets the limit: a test and a bench find proofs the way the popup does. */
export function meetsLimit(proof: string, limit = PROOF_LIMIT): boolean {
  return createHash("sha256").update(proof).digest().readUInt16BE(0) < limit;
}

const PROOF_FORMAT = /^(\d{13})\.([\w-]{16})\.([0-9a-f]{32})\.(\d{1,9})$/;

/**
 * Whether a subscription carries a valid proof for this store: our signature, not expired, the work done,
 * and its first use (a replayed proof fails). Anything malformed simply fails.
 */
export async function passesBotCheck(storeId: string, proof: unknown, now = Date.now()): Promise<boolean> {
  if (typeof proof !== "string") return false;
  const parts = PROOF_FORMAT.exec(proof);
  if (!parts) return false;
  const [, expires = "", random = "", signature = ""] = parts;
  if (Number(expires) < now) return false;
  if (!isSignatureOf(signed(storeId, `${expires}.${random}`), signature)) return false;
  if (!meetsLimit(proof)) return false;
  return countWithin(proofUsedOnce, random);
}
