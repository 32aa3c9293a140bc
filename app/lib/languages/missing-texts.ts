import type { PopupSteps } from "../../../popup/steps";
import {
  BUILT_IN_ENGLISH,
  EMAIL_TEXT_KEYS,
  POPUP_TEXT_KEYS,
  type PopupLanguage,
  STEP_TEXT_KEYS,
  type TextKey,
  WRITTEN_TEXT_KEYS,
} from "../../../popup/texts";
import { builtInTextsOf } from "./built-in-texts";
import { isStepText, STEP_TEXT_FIELDS } from "./step-texts";

/**
 * The rows of the builder's translations table, in its order: the popup's words, its steps', the built-in,
 * the email's.
 */
export const TEXT_GROUPS: { heading: string; keys: readonly TextKey[]; builtIn?: boolean }[] = [
  { heading: "Popup", keys: POPUP_TEXT_KEYS },
  { heading: "Steps", keys: STEP_TEXT_KEYS },
  {
    heading: "Built in",
    keys: [...(Object.keys(BUILT_IN_ENGLISH) as TextKey[]), "confirm", "sentToInbox"],
    builtIn: true,
  },
  { heading: "Welcome email", keys: EMAIL_TEXT_KEYS },
];

/** Whether the key is one of the welcome email's texts (the store's template in the default language). */
export const isEmailText = (key: TextKey) => (EMAIL_TEXT_KEYS as readonly TextKey[]).includes(key);

/** Whether the key is the popup's (or its steps') own field or the email template's in the default language. */
export const isWrittenInFields = (key: TextKey) =>
  (WRITTEN_TEXT_KEYS as readonly TextKey[]).includes(key) || isEmailText(key);

/**
 * The texts a language lacks, which show in the default language's words: for a translation, every text of
 * the popup and the email it has none for, and a built-in one the app does not ship for it either; for the
 * default language, the built-in ones when the app ships none for it (they then read in English). A text
 * shoppers never read is not missing: the teaser's while the popup shows no teaser tab, a step's while
 * neither the popup nor any variant (`steps`) shows that step.
 */
export function missingTexts(
  languages: PopupLanguage[],
  index: number,
  shown: { teaser: boolean; steps: PopupSteps[] },
): TextKey[] {
  const language = languages[index];
  if (!language) return [];
  const shipped = builtInTextsOf(language.code);
  return TEXT_GROUPS.flatMap(({ keys }) => keys).filter((key) => {
    if (language.texts[key]?.trim()) return false;
    if (isStepText(key)) return index > 0 && shown.steps.some(STEP_TEXT_FIELDS[key].shown);
    if (isWrittenInFields(key)) return index > 0 && (key !== "teaserText" || shown.teaser);
    return !shipped;
  });
}

type ShownPopup = {
  design: { teaser: { enabled: boolean } };
  steps: PopupSteps;
  variants: { overrides: { steps?: PopupSteps } }[];
};

/** What of a popup shoppers read, as `missingTexts` asks: its teaser tab, its steps and its variants'. */
export const shownParts = ({ design, steps, variants }: ShownPopup) => ({
  teaser: design.teaser.enabled,
  steps: [steps, ...variants.flatMap(({ overrides }) => (overrides.steps ? [overrides.steps] : []))],
});
