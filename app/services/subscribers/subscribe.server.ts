import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { isForeignKeyViolation } from "~/db/errors.server";
import { stores } from "~/db/schema";
import type { Preferences } from "~/db/schema/preferences";
import { codeEndsAt } from "~/lib/flow-waits";
import { offerConditions } from "~/lib/languages/offer-words";
import { speakerFor, spokenErrors, subscriberLanguage } from "~/lib/languages/subscriber-language";
import { type Claim, claimHolder } from "~/server/claims.server";
import { clientNetwork } from "~/server/client-network.server";
import { forbidden, invalid, notFound } from "~/server/domain-errors.server";
import { ttlCache } from "~/server/ttl-cache.server";
import { preferencesForStore } from "~/services/access/preferences.server";
import { drawnSlice, drawSlice } from "~/services/popups/prize-draw.server";
import type { SubscribingPopup } from "~/services/popups/public-popups.server";
import { countsForVariant } from "~/services/popups/variant-views.server";
import { forgetPublicConfig } from "~/services/stores/public-config-cache.server";
import { isEmbeddedAppEnabled } from "~/shopify.server";
import {
  type OptionalField,
  optionalFieldNames,
  SUBSCRIBE_ANSWERS,
  type SubscribeRequest,
  type SubscribeResponse,
} from "../../../popup/config";
import type { WheelDraw } from "../../../popup/prize-wheel";
import { normalizeEmail, POPUP_MESSAGES, validateSubscriber } from "../../../popup/validation";
import {
  afterAnotherAddressOfInbox,
  afterNewSubscriber,
  asksConfirmation,
  writesWelcomeToOutbox,
} from "./after-subscribe.server";
import { issueExtraFieldsToken } from "./extra-fields.server";
import { subscribeAgain } from "./resubscribe.server";
import { inboxClaim, inboxOfAddress, inboxTurn } from "./same-inbox.server";
import { insertSubscription } from "./subscription-batches.server";

/**
 * Who sent the subscription: the client's address and user agent (its consent record), and whether it came
 * through the shop's App Proxy, signed by Shopify (app/http/app-proxy.server.ts).
 */
export type ConsentMeta = { ip: string; userAgent: string; throughAppProxy?: boolean };

/** A shop that installed the app subscribes through its storefront only (its App Proxy). */
export const APP_PROXY_ONLY = "This shop's popup subscribes through the shop's storefront";

/**
 * A storefront subscription: validated with the rules of the popup the visitor saw, stored once per
 * (store, email) whatever the concurrency, with its consent record and that popup and variant. A new
 * subscriber also counts for the variant's day when the body carries a view token of that variant for that
 * visitor (variant-views.server.ts), else as not counted. Another address of an inbox already on the list
 * (same-inbox.server.ts) is stored too, without a welcome email or code of its own. `admit` (the
 * storefront's limits) runs once the submission is valid and allowed, just before it is stored: nothing
 * refused spends what it counts. It takes the inbox's claim (same-inbox.server.ts) and answers its holder. What follows (the code, the first email, the answer) is the
 * subscription flow's: services/subscribers/after-subscribe.server.ts. Its messages and answer are in the
 * language the popup showed in, which is stored (docs/decisions/184).
 */
export async function subscribe(
  chosen: SubscribingPopup,
  body: SubscribeRequest,
  meta: ConsentMeta,
  admit: (inbox: Claim) => Promise<string> = claimHolder,
): Promise<SubscribeResponse> {
  const { language, say } = checked(chosen, body);
  const answer = await store(chosen, body, language, meta, admit);
  return { ...answer, message: say(answer.message) };
}

/**
 * A subscription to the demo page's preview of unpublished changes (docs/decisions/212): checked by the
 * same rules and answered as a new subscriber of that version would be (the welcome with its code, a
 * wheel's drawn prize), but nothing is stored, counted or sent. The merchant sees the flow without joining
 * their own list or spending a code. The extra-fields step needs a stored subscriber: the preview skips it.
 */
export function previewSubscribe(chosen: SubscribingPopup, body: SubscribeRequest): SubscribeResponse {
  const { language, say } = checked(chosen, body);
  const draw = chosen.prizes && drawSlice(chosen.prizes.wheel);
  const code = draw ? draw.prize?.code : chosen.popup.discountCode;
  return withPrize(
    { message: say(SUBSCRIBE_ANSWERS.welcome), ...(code ? { discountCode: code } : {}) },
    chosen,
    draw,
    spokenLanguage(chosen, language),
  );
}

/** The subscriber's language and its speaker, once the body passes the popup's rules (else 422, spoken). */
function checked({ popup }: SubscribingPopup, body: SubscribeRequest) {
  const language = subscriberLanguage(popup, body.language);
  const say = speakerFor(popup, language);
  const errors = validateSubscriber(body, popup.fields, popup.emailValidation);
  if (Object.keys(errors).length > 0) {
    const shown = spokenErrors(say, errors);
    throw invalid(Object.values(shown)[0] ?? say(POPUP_MESSAGES.emailInvalid), shown);
  }
  return { language, say };
}

/** The language a prize and a code's conditions are told in: the subscriber's, else the popup's first. */
const spokenLanguage = ({ popup }: SubscribingPopup, language: string | null): string =>
  language ?? popup.languages[0]?.code ?? "en";

/**
 * A new subscriber's answer with the wheel's drawn slice (`draw`, when they keep it) and the code's
 * conditions (the drawn prize's, else the popup's), valid from now.
 */
function withPrize(
  answer: SubscribeResponse,
  { prizes, terms }: SubscribingPopup,
  draw: WheelDraw | null,
  spoken: string,
): SubscribeResponse {
  const drawn = prizes && draw ? { ...answer, wheel: drawnSlice(draw, prizes.currency, spoken) } : answer;
  if (!answer.discountCode) return drawn;
  const ends = codeEndsAt(new Date(), terms.codeValidDays);
  return { ...drawn, conditions: offerConditions(draw?.prize ?? terms.offer, terms.currency, spoken, ends) };
}

/** A valid subscription stored, and what follows it (in English: subscribe() translates the answer). */
async function store(
  chosen: SubscribingPopup,
  body: SubscribeRequest,
  language: string | null,
  meta: ConsentMeta,
  admit: (inbox: Claim) => Promise<string>,
): Promise<SubscribeResponse> {
  // The honeypot: people never fill it. Bots get an answer that reads as success; nothing is stored or sent.
  if (body.website) return { message: SUBSCRIBE_ANSWERS.sentToInbox };
  const { popup, variantId, consentVersion, prizes } = chosen;

  // A field the popup does not ask for is stored as null, whatever the body says.
  const optional = Object.fromEntries(
    optionalFieldNames.map((field) => [field, (popup.fields[field] && body[field]) || null]),
  ) as Record<OptionalField, string | null>;
  const email = normalizeEmail(body.email);
  const consent = {
    consentPageUrl: body.pageUrl || null,
    consentIp: meta.ip,
    consentUserAgent: meta.userAgent.slice(0, 512),
    consentVersion,
  };
  const context = await storeContext(popup.storeId);
  if (context.installedShop && !meta.throughAppProxy && isEmbeddedAppEnabled())
    throw forbidden(APP_PROXY_ONLY);
  const holder = await admit(inboxClaim(popup.storeId, email));
  const countedForVariant =
    variantId !== null &&
    (await countsForVariant(
      { storeId: popup.storeId, popupId: popup.id, variantId, visitor: body.sessionId ?? "" },
      body.viewToken,
      clientNetwork(meta.ip),
    ));
  const confirm = await asksConfirmation(popup.storeId, context, body.proof);
  // A wheel's prize is drawn here, whatever the body says; only a new subscriber keeps it (spins once).
  const draw = prizes && drawSlice(prizes.wheel);
  const created = await insertSubscription({
    ...optional,
    ...consent,
    storeId: popup.storeId,
    email,
    sessionId: body.sessionId || null,
    language,
    popupId: popup.id,
    variantId,
    countedForVariant,
    discountCodeSent: draw ? (draw.prize?.code ?? null) : popup.discountCode,
    wheelDraw: draw,
    confirmationRequired: confirm,
    ...inboxOfAddress(email, holder),
    welcomeIfFirst: writesWelcomeToOutbox(context),
  }).catch((error: unknown) => refuseIfGone(popup.storeId, error));
  if (!created) return subscribeAgain(popup.storeId, email, consent, context, confirm);
  const turn = inboxTurn(email, holder, created.earlier);
  const answer = turn.first
    ? await afterNewSubscriber({ ...created, storeId: popup.storeId }, context, confirm)
    : await afterAnotherAddressOfInbox(popup.storeId, turn.earlier, context, confirm);
  const given = withPrize(answer, chosen, turn.first ? draw : null, spokenLanguage(chosen, language));
  // Only the subscriber this request created may be given extra fields (extra-fields.server.ts).
  if (!popup.steps.extraFields.enabled) return given;
  return { ...given, extraFieldsToken: issueExtraFieldsToken(popup.storeId, created.id, countedForVariant) };
}

/**
 * The store (or the popup) was deleted after this process cached it (another process's delete, within the
 * caches' few seconds): the row cannot name it, so the storefront gets its usual not found, and the caches
 * that still held the store forget it.
 */
function refuseIfGone(storeId: string, error: unknown): never {
  if (!isForeignKeyViolation(error)) throw error;
  storeContexts.forget(storeId);
  forgetPublicConfig(storeId);
  throw notFound("Popup not found");
}

/** What every subscription reads about its store, cached briefly: the owner's preferences and the Shopify link. */
type StoreContext = {
  preferences: Preferences;
  isConnected: boolean;
  /** The shop installed the app (embedded), so its storefront reaches us through the App Proxy. */
  installedShop: boolean;
  consentSyncEnabled: boolean;
};
const storeContexts = ttlCache<StoreContext>(5_000);

async function readStoreContext(storeId: string): Promise<StoreContext> {
  const [preferences, [store]] = await Promise.all([
    preferencesForStore(storeId),
    db()
      .select({
        isConnected: stores.isConnected,
        installedShop: sql<boolean>`${stores.shopifyDomain} is not null`,
        consentSyncEnabled: stores.consentSyncEnabled,
      })
      .from(stores)
      .where(eq(stores.id, storeId)),
  ]);
  if (!preferences || !store) throw notFound("Popup not found");
  return { preferences, ...store };
}

const storeContext = (storeId: string) => storeContexts.remember(storeId, () => readStoreContext(storeId));
