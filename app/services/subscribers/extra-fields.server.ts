import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { appSays, speakerFor, spokenErrors, subscriberLanguage } from "~/lib/languages/subscriber-language";
import { isSignatureOf, signatureOf } from "~/server/crypto.server";
import { invalid, notFound } from "~/server/domain-errors.server";
import { subscribingPopup } from "~/services/popups/public-popups.server";
import { STEP_MESSAGES_ENGLISH } from "../../../popup/step-texts";
import { type ExtraFieldsRequest, parseBirthday, validateExtraFields } from "../../../popup/steps";

/**
 * The popup's extra-fields step (docs/decisions/186). The subscription that created a subscriber answers a
 * token naming that subscriber (signed, bound to the store, short-lived); the step's request writes that
 * subscriber's first name, birthday and phone and nothing else. An address already on the list gets no
 * token: knowing someone's email never lets a client write their fields.
 *
 * A token is spent by the save it allows: only the subscription that created the subscriber issues one, so
 * the subscriber's `extra_fields_at` (set by that save) is the record that it was used, in every process and
 * with no store of its own. The step has one form, sent once; a refused submission (a field's error) spends
 * nothing, so the shopper corrects it and sends again.
 */
const TOKEN_LIFETIME_MS = 60 * 60_000;
const TOKEN = /^([0-9a-f-]{36})\.([01])\.(\d{13})\.([0-9a-f]{32})$/;
export const EXTRA_FIELDS_EXPIRED = STEP_MESSAGES_ENGLISH.extraFieldsExpired;
export const EXTRA_FIELDS_SAVED = "Thank you!";

const signed = (storeId: string, subscriberId: string, counted: string, expires: string) =>
  `extra-fields:${storeId}:${subscriberId}:${counted}:${expires}`;

/** `counted`: the subscription counted for its variant, so the step's continue counts too. */
export function issueExtraFieldsToken(
  storeId: string,
  subscriberId: string,
  counted: boolean,
  now = Date.now(),
) {
  const flag = counted ? "1" : "0";
  const expires = String(now + TOKEN_LIFETIME_MS);
  return `${subscriberId}.${flag}.${expires}.${signatureOf(signed(storeId, subscriberId, flag, expires))}`;
}

/** The subscriber a token names for this store, or null (forged, another store's, expired). */
export function readExtraFieldsToken(storeId: string, token: unknown, now = Date.now()) {
  const [, subscriberId = "", flag = "", expires = "", signature = ""] =
    (typeof token === "string" && TOKEN.exec(token)) || [];
  if (!signature || Number(expires) < now) return null;
  if (!isSignatureOf(signed(storeId, subscriberId, flag, expires), signature)) return null;
  return { subscriberId, counted: flag === "1" };
}

/** A forged, expired or spent token's answer, in the language the popup showed in. */
const expired = (language: unknown) => invalid(appSays(language, EXTRA_FIELDS_EXPIRED));

/**
 * The extra-fields step of the popup and variant the subscriber subscribed through, and the words it showed
 * in `language` (the popup's, when it speaks it): its phone consent line and its messages.
 */
async function stepOf(storeId: string, subscriberId: string, language: unknown) {
  const [subscriber] = await db()
    .select({
      popupId: subscribers.popupId,
      variantId: subscribers.variantId,
      extraFieldsAt: subscribers.extraFieldsAt,
    })
    .from(subscribers)
    .where(and(eq(subscribers.id, subscriberId), eq(subscribers.storeId, storeId)));
  if (!subscriber?.popupId) throw notFound("Subscriber not found");
  if (subscriber.extraFieldsAt) throw expired(language);
  const { popup } = await subscribingPopup(storeId, subscriber.popupId, subscriber.variantId ?? undefined);
  const spoken = subscriberLanguage(popup, language);
  const step = popup.steps.extraFields;
  const translated = popup.languages.find(({ code }) => code === spoken)?.texts.phoneConsentText;
  return {
    step,
    say: speakerFor(popup, spoken),
    phoneConsentText: translated || step.phoneConsentText,
  };
}

/**
 * Writes the step's fields on the token's subscriber (only the fields the step asks for; a phone only with
 * its consent line ticked, recorded with its words as shown, in the language the popup showed in, which its
 * messages are in too), once: the token is spent. A counted subscription adds one to its variant's
 * extra-fields continues of the UTC day.
 */
export async function saveExtraFields(
  storeId: string,
  body: ExtraFieldsRequest,
): Promise<{ message: string }> {
  const reader = readExtraFieldsToken(storeId, body.token);
  if (!reader) throw expired(body.language);
  const { step, say, phoneConsentText } = await stepOf(storeId, reader.subscriberId, body.language);
  const errors = spokenErrors(say, validateExtraFields(body, step.fields));
  const [firstError] = Object.values(errors);
  if (firstError) throw invalid(firstError, errors);
  const { fields } = step;
  const birthday = fields.birthday ? parseBirthday(body.birthdayDay, body.birthdayMonth) : null;
  const phone = (fields.phone && body.phone?.trim()) || null;
  const firstName = (fields.firstName && body.firstName?.trim()) || null;
  const result = await db().execute(sql`
    with previous as (
      select id, popup_id, variant_id, extra_fields_at from subscribers
      where id = ${reader.subscriberId}::uuid and store_id = ${storeId}::uuid and extra_fields_at is null
      for update
    ), updated as (
      update subscribers s set
        first_name = coalesce(${firstName}::text, s.first_name),
        birthday_day = coalesce(${birthday?.day ?? null}::smallint, s.birthday_day),
        birthday_month = coalesce(${birthday?.month ?? null}::smallint, s.birthday_month),
        phone = coalesce(${phone}::text, s.phone),
        phone_consented_at = case when ${phone}::text is null then s.phone_consented_at else now() end,
        phone_consent_text = case when ${phone}::text is null then s.phone_consent_text
          else ${phoneConsentText}::text end,
        extra_fields_at = now()
      from previous where s.id = previous.id
      returning previous.popup_id, previous.variant_id
    ), counted as (
      insert into popup_variant_days (popup_id, variant_id, day, extra_fields_continues)
      select popup_id, variant_id, (now() at time zone 'utc')::date, 1 from updated
      where ${reader.counted}::boolean and popup_id is not null and variant_id is not null
      on conflict (popup_id, variant_id, day) do update
        set extra_fields_continues = popup_variant_days.extra_fields_continues + 1
    )
    select count(*)::int as found from updated`);
  const [row] = (result as unknown as { rows: { found: number }[] }).rows;
  // Spent meanwhile by another request with the same token (the row lock orders them): refused as spent.
  if (!row?.found) throw expired(body.language);
  return { message: EXTRA_FIELDS_SAVED };
}
