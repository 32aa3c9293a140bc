import type { PopupSteps } from "../../../popup/steps";
import type { StepTextKey } from "../../../popup/texts";

type StepTextField = {
  /** The default language's words: the steps' own field. */
  read: (steps: PopupSteps) => string;
  /** Whether shoppers read it: its step is on (and, for the phone's consent line, the phone is asked). */
  shown: (steps: PopupSteps) => boolean;
};

const opener = (read: StepTextField["read"]): StepTextField => ({
  read,
  shown: (steps) => steps.opener.enabled,
});
const extraFields = (read: StepTextField["read"]): StepTextField => ({
  read,
  shown: (steps) => steps.extraFields.enabled,
});

/** Each of the steps' written texts (popup/texts.ts): where the default language keeps it. */
export const STEP_TEXT_FIELDS: Record<StepTextKey, StepTextField> = {
  openerQuestion: opener((steps) => steps.opener.question),
  openerYes: opener((steps) => steps.opener.yesText),
  openerNo: opener((steps) => steps.opener.noText),
  extraFieldsTitle: extraFields((steps) => steps.extraFields.title),
  extraFieldsButton: extraFields((steps) => steps.extraFields.buttonText),
  extraFieldsSkip: extraFields((steps) => steps.extraFields.skipText),
  phoneConsentText: {
    read: (steps) => steps.extraFields.phoneConsentText,
    shown: (steps) => steps.extraFields.enabled && steps.extraFields.fields.phone,
  },
};

/** Whether the key is one of the steps' written texts. */
export const isStepText = (key: string): key is StepTextKey => key in STEP_TEXT_FIELDS;
