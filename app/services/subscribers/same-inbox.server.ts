import { and, asc, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { Claim } from "~/server/claims.server";
import { escapeLike } from "./list.server";

/**
 * One inbox, several addresses: `x+0@corp.example` … `x+7@corp.example` all reach `x@corp.example`
 * (subaddressing, RFC 5233). Each is stored as typed, but only the inbox's first address gets a welcome
 * email and a code in the answer (docs/decisions/032): otherwise one person collects a welcome email, and
 * on a Shopify store a single-use code, per tag.
 */

/** The inbox an address reaches: lower-cased, without the `+tag` of its local part. */
export function inboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at).toLowerCase();
  const base = local.split("+")[0] || local;
  return `${base}${email.slice(at).toLowerCase()}`;
}

/**
 * While an inbox's first address is being stored, that address holds the inbox: of addresses sent together
 * only one is first (the same address sent twice is still that one). A minute is ample for its row to be
 * committed; later addresses find it in the database.
 */
const INBOX_CLAIM_MS = 60_000;

/** The claim a subscription takes on its inbox just before it is stored (with its rate limits, one script). */
export function inboxClaim(storeId: string, email: string): Claim {
  return { name: `inbox:${storeId}:${inboxOf(email)}`, holder: email.toLowerCase(), ttlMs: INBOX_CLAIM_MS };
}

const hasOwnEmail = sql<boolean>`exists (select 1 from email_sends own where own.subscriber_id = subscribers.id)`;

const earlierColumns = {
  id: subscribers.id,
  email: subscribers.email,
  confirmationRequired: subscribers.confirmationRequired,
  confirmedAt: subscribers.confirmedAt,
  isActive: subscribers.isActive,
  unsubscribedAt: subscribers.unsubscribedAt,
  consentedAt: subscribers.consentedAt,
  /** Its own welcome or confirmation email is written (pending, sent or failed): it holds the inbox's mail. */
  hasOwnEmail: hasOwnEmail.as("has_own_email"),
};

export type EarlierAddress = {
  [K in Exclude<keyof typeof earlierColumns, "hasOwnEmail">]: (typeof subscribers.$inferSelect)[K];
} & { hasOwnEmail: boolean };

/**
 * The earlier address in a raw row that selected otherAddressOfInbox's columns as `earlier_<column>` (both
 * drivers read uuid and text as strings, booleans as booleans, timestamps as Dates).
 */
export function earlierOfRow(row: Record<string, unknown>): EarlierAddress | undefined {
  if (row.earlier_id === null || row.earlier_id === undefined) return undefined;
  return {
    id: row.earlier_id as string,
    email: row.earlier_email as string,
    confirmationRequired: row.earlier_confirmation_required as boolean,
    confirmedAt: row.earlier_confirmed_at as Date | null,
    isActive: row.earlier_is_active as boolean,
    unsubscribedAt: row.earlier_unsubscribed_at as Date | null,
    consentedAt: row.earlier_consented_at as Date,
    hasOwnEmail: row.earlier_has_own_email as boolean,
  };
}

/**
 * The values otherAddressOfInbox compares for an address, besides its store's `storeId`: itself, its
 * inbox, its inbox's tagged addresses, and whether it holds the inbox's claim (`holder`, inboxClaim's).
 */
export function inboxOfAddress(email: string, holder: string) {
  const address = email.toLowerCase();
  const inbox = inboxOf(email);
  const at = inbox.lastIndexOf("@");
  const local = inbox.slice(0, at);
  const tagged = `${escapeLike(local)}+%${escapeLike(inbox.slice(at))}`;
  // The tagged addresses' range, "local+" up to "local," ("," follows "+"), in text_pattern_ops's byte order.
  return {
    lowerEmail: address,
    inbox,
    tagged,
    taggedFrom: `${local}+`,
    taggedTo: `${local},`,
    holdsInboxClaim: holder === address,
  };
}

/** What otherAddressOfInbox compares: the subscription's store and inboxOfAddress's values. */
export type InboxValue = "storeId" | keyof ReturnType<typeof inboxOfAddress>;

/**
 * Another address of the same inbox on the store's list, if any: the one whose own email is written, else
 * the first stored. Addresses sent at the same moment commit in any order, so the first stored is not
 * always the one that won the inbox's claim (and got its email). A query of `value`s (the subscription's
 * store and inboxOfAddress's, as columns of the rows being stored) that the subscription's INSERT reads
 * laterally: looking costs no statement of its own.
 *
 * For the address that holds the inbox's claim, an address stored within the claim's minute without an email
 * of its own does not count: it lost the claim to this one (its statement may have committed first, as the
 * claim is taken before either statement), or else it was added without a first email (an import) and this
 * address's first email is still the inbox's only one.
 */
export function otherAddressOfInbox(database: Db, value: (name: InboxValue) => SQL) {
  const address = sql`lower(${subscribers.email})`;
  return database
    .select(earlierColumns)
    .from(subscribers)
    .where(
      and(
        eq(subscribers.storeId, value("storeId")),
        ne(address, value("lowerEmail")),
        or(
          eq(address, value("inbox")),
          // The range first: a generic plan cannot read a range out of `like $n`, and would scan every
          // subscriber of the store; with it, the prefix index answers (docs/decisions/198). The pattern then
          // filters what the range found: compared as "C", the trigram index cannot take it (a generic plan
          // would, and read every address with the same name and domain: decision 204).
          sql`(${address} ~>=~ ${value("taggedFrom")} and ${address} ~<~ ${value("taggedTo")}
            and (${address} collate "C") like ${value("tagged")})`,
        ),
        sql`(not ${value("holdsInboxClaim")} or ${hasOwnEmail}
          or ${subscribers.subscribedAt} < now() - ${sql.raw(`interval '${INBOX_CLAIM_MS} milliseconds'`)})`,
      ),
    )
    .orderBy(desc(sql`has_own_email`), asc(subscribers.subscribedAt), asc(subscribers.id))
    .limit(1);
}

/** Whether a new address is its inbox's first on the store's list, or else that inbox's earlier address. */
export type InboxTurn = { first: true } | { first: false; earlier: EarlierAddress | undefined };

/**
 * A new address is its inbox's first on the list unless another address of that inbox is stored
 * (`earlier`, read by the INSERT that stored this one), or was being stored as this one claimed the inbox
 * (`holder`, inboxClaim's holder: another address).
 */
export function inboxTurn(email: string, holder: string, earlier: EarlierAddress | undefined): InboxTurn {
  if (earlier) return { first: false, earlier };
  return holder === email.toLowerCase() ? { first: true } : { first: false, earlier: undefined };
}
