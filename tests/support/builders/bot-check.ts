import { issueChallenge, meetsLimit } from "~/services/subscribers/bot-check.server";
import type { BotChallenge } from "../../../popup/config";

/** The bot check solved as the popup solves it (popup/subscription.ts): the first number that meets the limit. */
export function solveChallenge({ challenge, limit }: BotChallenge): string {
  for (let number = 0; ; number++) {
    const proof = `${challenge}.${number}`;
    if (meetsLimit(proof, limit)) return proof;
  }
}

/** A fresh proof for one subscription to the store, as a person's browser would send. */
export const botProof = (storeId: string): string => solveChallenge(issueChallenge(storeId));
