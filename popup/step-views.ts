/**
 * The popup's steps around its form (popup/steps.ts): the opener's question with its two buttons and the
 * extra-fields form, what the latter shows and sends. The storefront's feature file newsletter-popup-steps.js
 * (popup/features.ts), loaded only for a popup with an opener or an extra-fields step.
 */
import type { PublicPopupConfig } from "./config";
import { fillOffer } from "./offer";
import { escapeHtml } from "./sanitize";
import { STEP_ENGLISH } from "./step-texts";
import type { ExtraFieldsRequest } from "./steps";
import type { PopupTexts, StepTextKey } from "./texts";

export { nextStep } from "./steps";

/** Added to the popup's CSS (popup/render.ts) while a step is shown. */
const CSS =
  "<style>.sec{width:100%;border:0;background:none;color:inherit;text-decoration:underline}" +
  ".row{display:flex;gap:8px}.ck{display:flex;gap:8px;font-size:13px;font-weight:400}.ck input{width:20px;height:20px;min-height:0;padding:0;flex:none}" +
  "</style>";

const field = (name: string, label: string, input: string) =>
  `<div class="f"><label for="np-${name}">${label}</label>${input}<p class="err" id="np-${name}-e"></p></div>`;

const input = (name: string, attributes: string) => `<input id="np-${name}" name="${name}" ${attributes}>`;

/**
 * The popup's words in its chosen language (popup/languages.ts), escaped: the merchant's for a step's text,
 * else the steps' own (the default language's); the app's for a built-in one, else English.
 */
const wordsOf =
  (texts: PopupTexts | undefined) =>
  (key: StepTextKey | keyof typeof STEP_ENGLISH, byDefault?: string): string =>
    escapeHtml(texts?.[key] || byDefault || STEP_ENGLISH[key as keyof typeof STEP_ENGLISH]);

/** The opener's question names the offer as the popup's title does: its words, [OFFER] or "[DISCOUNT_PERCENT]% off". */
export function openerHtml({ steps, discountPercentage, offer, texts }: PublicPopupConfig): string {
  const { question, yesText, noText } = steps.opener;
  const say = wordsOf(texts);
  return `${CSS}<div class="c"><h2 class="t" id="np-t">${fillOffer(
    say("openerQuestion", question),
    discountPercentage,
    offer,
  )}</h2><button type="button" class="pri" data-a="yes">${say("openerYes", yesText)}</button><button type="button" class="sec" data-a="no">${say("openerNo", noText)}</button></div>`;
}

export function extraFieldsHtml({ steps, texts }: PublicPopupConfig): string {
  const { title, fields, phoneConsentText, buttonText, skipText } = steps.extraFields;
  const say = wordsOf(texts);
  const numeric = 'inputmode="numeric" maxlength="2"';
  return `${CSS}<form novalidate data-step="extra"><h2 class="t" id="np-t">${say("extraFieldsTitle", title)}</h2>${
    fields.firstName
      ? field("firstName", say("firstNameLabel"), input("firstName", 'autocomplete="given-name"'))
      : ""
  }${
    fields.birthday
      ? field(
          "birthday",
          say("birthdayLabel"),
          `<div class="row">${input("birthday", `${numeric} placeholder="DD" aria-label="${say("dayLabel")}"`)}${input(
            "birthdayMonth",
            `${numeric} placeholder="MM" aria-label="${say("monthLabel")}"`,
          )}</div>`,
        )
      : ""
  }${
    fields.phone
      ? field("phone", say("phoneLabel"), input("phone", 'type="tel" autocomplete="tel"')) +
        `<label class="ck f">${input("phoneConsent", 'type="checkbox"')}<span>${say(
          "phoneConsentText",
          phoneConsentText,
        )}</span></label><p class="err" id="np-phoneConsent-e"></p>`
      : ""
  }<p class="gen" role="alert"></p><button type="submit" class="pri">${say(
    "extraFieldsButton",
    buttonText,
  )}</button><button type="button" class="sec" data-a="skip">${say("extraFieldsSkip", skipText)}</button></form>`;
}

/** The extra-fields form's inputs that can show an error, by name (the popup writes the errors into them). */
export function extraFieldInputs({ steps }: PublicPopupConfig): string[] {
  const { firstName, birthday, phone } = steps.extraFields.fields;
  return Object.entries({ firstName, birthday, phone, phoneConsent: phone }).flatMap(([name, on]) =>
    on ? [name] : [],
  );
}

/** What the extra-fields form in `root` sends, with the subscription's `token`. */
export function readExtraFields(root: ParentNode, token: string): ExtraFieldsRequest {
  const read = (name: string) => root.querySelector<HTMLInputElement>(`#np-${name}`);
  return {
    token,
    firstName: read("firstName")?.value.trim(),
    birthdayDay: read("birthday")?.value.trim(),
    birthdayMonth: read("birthdayMonth")?.value.trim(),
    phone: read("phone")?.value.trim(),
    phoneConsent: read("phoneConsent")?.checked,
  };
}
