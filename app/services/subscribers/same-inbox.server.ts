import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import { prepared } from "~/db/prepared.server";
import { subscribers } from "~/db/schema";
import { claimHolder } from "~/server/claims.server";
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

const earlierColumns = {
  id: subscribers.id,
  email: subscribers.email,
  confirmationRequired: subscribers.confirmationRequired,
  confirmedAt: subscribers.confirmedAt,
  isActive: subscribers.isActive,
  unsubscribedAt: subscribers.unsubscribedAt,
  consentedAt: subscribers.consentedAt,
  /** Its own welcome or confirmation email is written (pending, sent or failed): it holds the inbox's mail. */
  hasOwnEmail: sql<boolean>`exists (select 1 from email_sends own where own.subscriber_id = subscribers.id)`,
};

type EarlierAddress = {
  [K in Exclude<keyof typeof earlierColumns, "hasOwnEmail">]: (typeof subscribers.$inferSelect)[K];
} & { hasOwnEmail: boolean };

/**
 * Another address of the same inbox on the store's list, if any: the one whose own email is written, else
 * the first stored. Addresses sent at the same moment commit in any order, so the first stored is not
 * always the one that won the inbox's claim (and got its email).
 */
async function otherAddressOfInbox(storeId: string, email: string): Promise<EarlierAddress | undefined> {
  const inbox = inboxOf(email);
  const at = inbox.lastIndexOf("@");
  const tagged = `${escapeLike(inbox.slice(0, at))}+%${escapeLike(inbox.slice(at))}`;
  const [earlier] = await selectOtherAddress().execute({
    storeId,
    address: email.toLowerCase(),
    inbox,
    tagged,
  });
  return earlier;
}

/**
 * otherAddressOfInbox's statement, prepared once: it is asked by every storefront subscription, and planning it
 * cost PostgreSQL several times its execution.
 */
const selectOtherAddress = () =>
  prepared("subscribe_other_address_of_inbox", (database) => {
    const address = sql`lower(${subscribers.email})`;
    return database
      .select(earlierColumns)
      .from(subscribers)
      .where(
        and(
          eq(subscribers.storeId, sql.placeholder("storeId")),
          ne(address, sql.placeholder("address")),
          or(eq(address, sql.placeholder("inbox")), sql`${address} like ${sql.placeholder("tagged")}`),
        ),
      )
      .orderBy(desc(earlierColumns.hasOwnEmail), asc(subscribers.subscribedAt), asc(subscribers.id))
      .limit(1)
      .prepare("subscribe_other_address_of_inbox");
  });

/** Whether a new address is its inbox's first on the store's list, or else that inbox's earlier address. */
export type InboxTurn = { first: true } | { first: false; earlier: EarlierAddress | undefined };

/**
 * Asked before a subscription is stored: the address is its inbox's first on the list unless another
 * address of that inbox is stored, or is being stored at this moment. An address already on the list
 * itself is not told apart here (its insert finds it).
 */
export async function inboxTurn(storeId: string, email: string): Promise<InboxTurn> {
  const earlier = await otherAddressOfInbox(storeId, email);
  if (earlier) return { first: false, earlier };
  const address = email.toLowerCase();
  const holder = await claimHolder(`inbox:${storeId}:${inboxOf(email)}`, address, INBOX_CLAIM_MS);
  return holder === address ? { first: true } : { first: false, earlier: undefined };
}
