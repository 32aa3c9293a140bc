/**
 * The merge tags ([First Name], [Birthday], [DISCOUNT_CODE], [DISCOUNT_PERCENT], [OFFER], [OFFER_CONDITIONS],
 * [DISCOUNT_LINK]): what they are filled with (a
 * subscriber's values, or an editor's preview's), and what merchant text becomes in an email: tags filled,
 * paragraphs split, and the URLs written in them found. The offer's figures go in before URLs are found,
 * the subscriber's name after, so a name can never become a link.
 */
import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs } from "~/db/schema";
import { formatBirthday } from "~/lib/birthday";
import { DISCOUNT_CODE_TAG, DISCOUNT_LINK_TAG, linkableUrl } from "~/lib/email-links";
import { codeEndsAt } from "~/lib/flow-waits";
import { offerConditions, offerWords } from "~/lib/languages/offer-words";
import { env } from "~/server/env.server";
import type { StoreRow } from "~/services/stores/crud.server";
import { autoApplyUrl, fillOffer, type Offer, offerOfColumns } from "../../../popup/offer";
import { unsubscribeUrl } from "./links.server";
import type { MailContext } from "./mail-context.server";

/** What a message to one subscriber fills its merge tags and links with. */
export type RenderVariables = {
  firstName: string;
  /** "14 March" from the popup's extra-fields step; "" (or absent) when the subscriber gave none. */
  birthday?: string;
  discountCode: string;
  discountPercentage: number;
  /** What the code gives; absent (drafts written before offers had kinds): `discountPercentage` off. */
  offer?: Offer;
  /** The store's currency (ISO 4217) for the offer's words; absent: USD. */
  currency?: string;
  /** The language the message is written in, which the app's words in it follow; absent: English. */
  language?: string;
  /**
   * What the code asks of an order and how long it works, in `language` ("On orders of $50 or more. Valid
   * until 31 December 2026. One use per customer."): under the code and [OFFER_CONDITIONS]. Absent (a
   * campaign's own code, drafts written before): not said.
   */
  conditions?: string;
  /** A Shopify shop's address: [DISCOUNT_LINK] applies the code there (else it is the store's address). */
  autoApplyShop?: string | null;
  storeName: string;
  storeUrl: string | null;
  unsubscribeUrl: string;
};

/**
 * A subscriber's values: their name and code (the popup's when they have none of their own), the store,
 * their unsubscribe link (`unsubscribe`: a campaign's names the message it came in) and the language the
 * message is written in (`language`: the welcome email's unless told).
 */
export function mailVariables(
  context: MailContext,
  {
    unsubscribe = unsubscribeUrl(context.subscriber.id),
    language = context.languages.welcome,
  }: { unsubscribe?: string; language?: string } = {},
): RenderVariables {
  const { subscriber, popup, store } = context;
  // A wheel's subscriber has the code of the prize drawn for them, or none (docs/decisions/182).
  const draw = subscriber.wheelDraw;
  const prize = draw?.prize;
  const offer = prize ?? offerOfColumns(popup);
  return {
    // The first name the extra-fields step asked for, else the name's first word, else the address's.
    firstName: firstNameFor(subscriber.firstName || subscriber.name, subscriber.email),
    birthday: formatBirthday(subscriber.birthdayDay, subscriber.birthdayMonth, language),
    discountCode: draw
      ? (subscriber.discountCodeSent ?? "")
      : (subscriber.discountCodeSent ?? popup.discountCode),
    discountPercentage: prize ? prize.percentage : popup.discountPercentage,
    offer,
    currency: store.currency,
    language,
    // The code works from the subscription for the popup's days (as the flows' "before the code ends").
    conditions: offerConditions(
      offer,
      store.currency,
      language,
      codeEndsAt(subscriber.subscribedAt, popup.codeValidDays),
    ),
    autoApplyShop: autoApplyShopOf(store),
    storeName: context.store.name,
    storeUrl: context.store.customDomain ?? context.store.shopifyUrl,
    unsubscribeUrl: unsubscribe,
  };
}

/** Where a Shopify store's codes apply themselves (/discount/CODE); null for other stores. */
function autoApplyShopOf(store: Pick<StoreRow, "integrationType" | "shopifyDomain" | "shopifyUrl">) {
  if (store.integrationType !== "shopify") return null;
  return store.shopifyDomain ? `https://${store.shopifyDomain}` : store.shopifyUrl;
}

/** [DISCOUNT_LINK]: the code's auto-apply link on a Shopify shop, else the store's address. */
export function discountLinkOf(vars: RenderVariables): string {
  if (vars.autoApplyShop && vars.discountCode) return autoApplyUrl(vars.autoApplyShop, vars.discountCode);
  return vars.storeUrl ?? "";
}

/** The offer behind the code; a percentage for drafts written before offers had kinds. */
export const offerOfVariables = (vars: RenderVariables): Offer =>
  vars.offer ?? { kind: "percentage", percentage: vars.discountPercentage, amount: 0, minimumSubtotal: null };

/** What a preview without a store (or a store without a popup) shows for the code and the shop. */
const SAMPLE_STORE = {
  discountCode: "WELCOME15",
  discountPercentage: 15,
  storeName: "Your Store",
  storeUrl: "https://example.com",
};
const PREVIEW_FIRST_NAME = "Alex";
const PREVIEW_BIRTHDAY = "14 March";

/**
 * The values an editor's preview (and a test send) shows: a sample reader, with the store's name, address
 * and offer (its first popup's code and percentage) when there is a store. The unsubscribe link goes nowhere.
 */
export async function previewVariables(store: StoreRow | null): Promise<RenderVariables> {
  const preview = {
    firstName: PREVIEW_FIRST_NAME,
    birthday: PREVIEW_BIRTHDAY,
    unsubscribeUrl: `${env().APP_URL}/u/preview`,
  };
  if (!store) return { ...SAMPLE_STORE, ...preview };
  const [popup] = await db()
    .select({
      discountCode: popupConfigs.discountCode,
      discountPercentage: popupConfigs.discountPercentage,
      offerKind: popupConfigs.offerKind,
      discountAmount: popupConfigs.discountAmount,
      minimumSubtotal: popupConfigs.minimumSubtotal,
      codeValidDays: popupConfigs.codeValidDays,
      languages: popupConfigs.languages,
    })
    .from(popupConfigs)
    .where(eq(popupConfigs.storeId, store.id))
    .orderBy(asc(popupConfigs.createdAt), asc(popupConfigs.id))
    .limit(1);
  // The template is the default language's: its preview speaks it, for a subscriber who joins now.
  const language = popup?.languages[0]?.code;
  return {
    discountCode: popup?.discountCode ?? SAMPLE_STORE.discountCode,
    discountPercentage: popup?.discountPercentage ?? SAMPLE_STORE.discountPercentage,
    ...(popup
      ? {
          offer: offerOfColumns(popup),
          conditions: offerConditions(
            offerOfColumns(popup),
            store.currency,
            language ?? "en",
            codeEndsAt(new Date(), popup.codeValidDays),
          ),
        }
      : {}),
    currency: store.currency,
    language,
    autoApplyShop: autoApplyShopOf(store),
    storeName: store.name,
    storeUrl: store.customDomain || store.shopifyUrl,
    ...preview,
  };
}

/** Used for [First Name] when neither the name nor the address gives one ("Hi Friend,"). */
const FALLBACK_FIRST_NAME = "Friend";

const FIRST_NAME = /\[\s*first\s+name\s*\]/gi;
const OFFER_CONDITIONS = /\[\s*offer_conditions\s*\]/gi;
const BIRTHDAY = /\[\s*birthday\s*\]/gi;

/** The subscriber's own tags: [First Name] and [Birthday] (filled after the offer's, never linked). */
const withSubscriber = (text: string, vars: RenderVariables) =>
  text.replace(FIRST_NAME, () => vars.firstName).replace(BIRTHDAY, () => vars.birthday ?? "");
/** A URL written in the body ends at whitespace, quotes, angle brackets or a placeholder's bracket. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'[\]{}|\\^`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/**
 * A word a mail client would show as a link: a scheme ("http://", "mailto:"), "www." or a domain
 * ("x.com", "evil.example/path", "evil.рф", "evil.xn--p1ai"): a label, a dot and a top-level label of two
 * letters in any script. Anyone can type a name into the popup; it must not put a link in a subject line
 * or a greeting the store sends.
 */
const LINK_LIKE = /[a-z][\w+.-]*:\S|^www\.|[\p{L}\p{N}_-]\.\p{L}{2}/iu;
/** The full stops a mail client reads as a domain's dots once NFKC has folded the rest ("。", "｡"). */
const IDEOGRAPHIC_FULL_STOPS = /[\u3002\uff61]/g;
/** Invisible format characters (zero-width spaces and joiners, bidi controls, soft hyphens). */
const INVISIBLE = /\p{Cf}/gu;

/**
 * Whether a word reads as a link once written the way a mail client resolves it: compatibility forms
 * folded (NFKC: fullwidth "ｅｖｉｌ．ｃｏｍ", "evil․com"), every IDNA full stop a dot, invisible characters dropped.
 */
function looksLikeLink(word: string): boolean {
  const folded = word.normalize("NFKC").replace(IDEOGRAPHIC_FULL_STOPS, ".").replace(INVISIBLE, "");
  return LINK_LIKE.test(folded);
}

/**
 * The greeting name: the first word of the name, else (no name, or one that looks like a link) the
 * first word of the address ("jane.doe42@" → Jane).
 */
export function firstNameFor(name: string | null | undefined, email: string): string {
  const fromName = name?.trim().split(/\s+/)[0];
  if (fromName && !looksLikeLink(fromName)) return fromName;
  const localPart = email.split("@")[0] ?? "";
  const word = localPart.split(/[._\-+\d]+/).find((part) => part.length > 0);
  if (!word) return FALLBACK_FIRST_NAME;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** The offer's figures: the code, its link, conditions and the offer's words (filled before a subscriber's name is). */
function withOffer(text: string, vars: RenderVariables): string {
  return fillOffer(
    text
      .replace(DISCOUNT_CODE_TAG, () => vars.discountCode)
      .replace(DISCOUNT_LINK_TAG, () => discountLinkOf(vars))
      .replace(OFFER_CONDITIONS, () => vars.conditions ?? ""),
    vars.discountPercentage,
    offerWords(offerOfVariables(vars), vars.currency ?? "USD", vars.language ?? "en"),
  );
}

/**
 * Every merge tag filled: [DISCOUNT_CODE], [DISCOUNT_LINK], [OFFER_CONDITIONS], [DISCOUNT_PERCENT], [OFFER],
 * then [First Name] and [Birthday].
 */
export function withPlaceholders(text: string, vars: RenderVariables): string {
  return withSubscriber(withOffer(text, vars), vars);
}

/** A subject line: merge tags filled, on one line (it is a header, not html). */
export function subjectLine(subject: string, vars: RenderVariables): string {
  return withPlaceholders(subject, vars).replace(/\s+/g, " ").trim();
}

/** "See https://shop.example/sale." links the URL without the full stop (or an unbalanced bracket). */
function trimUrlEnd(candidate: string): string {
  let url = candidate.replace(TRAILING_PUNCTUATION, "");
  while (url.endsWith(")") && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(TRAILING_PUNCTUATION, "");
  }
  return url;
}

export type Piece = { text: string } | { url: string };

/**
 * Text split into paragraphs (blank line) of text and URL pieces. The code is filled in before URLs are
 * found (a shop's /discount/[DISCOUNT_CODE] link works); the subscriber's name only after, so a name can
 * never turn into a link.
 */
export function textParagraphs(body: string, vars: RenderVariables): Piece[][] {
  const withCode = withOffer(body.replace(/\r\n?/g, "\n"), vars);
  return withCode
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => {
      const pieces: Piece[] = [];
      let last = 0;
      for (const match of paragraph.matchAll(URL_IN_TEXT)) {
        const candidate = trimUrlEnd(match[0]);
        const url = linkableUrl(candidate);
        if (!url) continue;
        if (match.index > last) pieces.push({ text: paragraph.slice(last, match.index) });
        pieces.push({ url });
        last = match.index + candidate.length;
      }
      if (last < paragraph.length) pieces.push({ text: paragraph.slice(last) });
      return pieces.map((piece) => ("text" in piece ? { text: withSubscriber(piece.text, vars) } : piece));
    });
}
