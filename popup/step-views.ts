/**
 * The popup's steps around its form (popup/steps.ts): the opener's question with its two buttons and the
 * extra-fields form, what the latter shows and sends. The storefront's feature file newsletter-popup-steps.js
 * (popup/features.ts), loaded only for a popup with an opener or an extra-fields step.
 */
import { fillDiscountPercent, type PublicPopupConfig } from "./config";
import { escapeHtml } from "./sanitize";
import type { ExtraFieldsRequest } from "./steps";

export { nextStep } from "./steps";

/** Added to the popup's CSS (popup/render.ts) while a step is shown. */
const CSS =
  "<style>.sec{width:100%;border:0;background:none;color:inherit;text-decoration:underline}" +
  ".row{display:flex;gap:8px}.ck{display:flex;gap:8px;font-size:13px;font-weight:400}.ck input{width:20px;height:20px;min-height:0;padding:0;flex:none}" +
  "</style>";

const field = (name: string, label: string, input: string) =>
  `<div class="f"><label for="np-${name}">${label}</label>${input}<p class="err" id="np-${name}-e"></p></div>`;

const input = (name: string, attributes: string) => `<input id="np-${name}" name="${name}" ${attributes}>`;

export function openerHtml({ steps, discountPercentage }: PublicPopupConfig): string {
  const { question, yesText, noText } = steps.opener;
  return `${CSS}<div class="c"><h2 class="t" id="np-t">${escapeHtml(
    fillDiscountPercent(question, discountPercentage),
  )}</h2><button type="button" class="pri" data-a="yes">${escapeHtml(yesText)}</button><button type="button" class="sec" data-a="no">${escapeHtml(noText)}</button></div>`;
}

export function extraFieldsHtml({ steps }: PublicPopupConfig): string {
  const { title, fields, phoneConsentText, buttonText, skipText } = steps.extraFields;
  const numeric = 'inputmode="numeric" maxlength="2"';
  return `${CSS}<form novalidate data-step="extra"><h2 class="t" id="np-t">${escapeHtml(title)}</h2>${
    fields.firstName ? field("firstName", "First name", input("firstName", 'autocomplete="given-name"')) : ""
  }${
    fields.birthday
      ? field(
          "birthday",
          "Birthday (day / month)",
          `<div class="row">${input("birthday", `${numeric} placeholder="DD" aria-label="Day"`)}${input(
            "birthdayMonth",
            `${numeric} placeholder="MM" aria-label="Month"`,
          )}</div>`,
        )
      : ""
  }${
    fields.phone
      ? field("phone", "Phone", input("phone", 'type="tel" autocomplete="tel"')) +
        `<label class="ck f">${input("phoneConsent", 'type="checkbox"')}<span>${escapeHtml(
          phoneConsentText,
        )}</span></label><p class="err" id="np-phoneConsent-e"></p>`
      : ""
  }<p class="gen" role="alert"></p><button type="submit" class="pri">${escapeHtml(
    buttonText,
  )}</button><button type="button" class="sec" data-a="skip">${escapeHtml(skipText)}</button></form>`;
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
