import { describe, expect, it } from "vitest";
import { formatBirthday } from "~/lib/birthday";
import { POPUP_TEMPLATES, templatePreviewConfig } from "~/lib/popup-templates";
import { popupStepsSchema } from "~/lib/schemas/popup-steps";
import { newPopupSchema } from "~/lib/schemas/popups";
import { stepFunnel } from "~/lib/step-funnel";
import { withPlaceholders } from "~/services/email/merge-tags.server";
import {
  defaultPopupSteps,
  EXTRA_FIELD_MESSAGES,
  nextStep,
  type PopupSteps,
  parseBirthday,
  stepSequence,
  validateExtraFields,
} from "../../popup/steps";

const withSteps = (opener: boolean, extraFields: boolean): PopupSteps => ({
  opener: { ...defaultPopupSteps.opener, enabled: opener },
  extraFields: { ...defaultPopupSteps.extraFields, enabled: extraFields },
});

describe("the step flow", () => {
  it("is the email then the success step by default, opener and extra fields only when turned on", () => {
    expect(stepSequence(defaultPopupSteps)).toEqual(["email", "success"]);
    expect(stepSequence(withSteps(true, true))).toEqual(["opener", "email", "extraFields", "success"]);
    expect(stepSequence(withSteps(false, true))).toEqual(["email", "extraFields", "success"]);
  });

  it("goes from the opener to the email on yes, and closes on no (a dismissal)", () => {
    const steps = withSteps(true, true);
    expect(nextStep(steps, "opener", { yes: true })).toBe("email");
    expect(nextStep(steps, "opener", { yes: false })).toBeNull();
  });

  it("goes to the extra fields only with the token an accepted subscription answered", () => {
    const steps = withSteps(true, true);
    expect(nextStep(steps, "email", { extraFieldsToken: "t" })).toBe("extraFields");
    // An address already on the list gets no token: straight to the success step.
    expect(nextStep(steps, "email", {})).toBe("success");
    expect(nextStep(withSteps(true, false), "email", { extraFieldsToken: "t" })).toBe("success");
    expect(nextStep(steps, "extraFields")).toBe("success");
    expect(nextStep(steps, "success")).toBeNull();
  });
});

describe("the extra fields' checks", () => {
  const all = { firstName: true, birthday: true, phone: true };

  it("takes a real day and month (29 February too), or neither", () => {
    expect(parseBirthday("29", "2")).toEqual({ day: 29, month: 2 });
    expect(parseBirthday("", "")).toBeNull();
    expect(parseBirthday("31", "4")).toBeUndefined();
    expect(parseBirthday("12", "")).toBeUndefined();
    expect(parseBirthday("1", "13")).toBeUndefined();
  });

  it("names each wrong field with its message", () => {
    expect(validateExtraFields({ firstName: "Ann", birthdayDay: "14", birthdayMonth: "3" }, all)).toEqual({});
    expect(validateExtraFields({ birthdayDay: "30", birthdayMonth: "2" }, all)).toEqual({
      birthday: EXTRA_FIELD_MESSAGES.birthday,
    });
    expect(validateExtraFields({ phone: "call me" }, all)).toEqual({ phone: EXTRA_FIELD_MESSAGES.phone });
    expect(validateExtraFields({ phone: "+1 555 0100" }, all)).toEqual({
      phoneConsent: EXTRA_FIELD_MESSAGES.phoneConsent,
    });
    expect(validateExtraFields({ phone: "+1 555 0100", phoneConsent: true }, all)).toEqual({});
  });

  it("ignores what the step does not ask for", () => {
    const nameOnly = { firstName: true, birthday: false, phone: false };
    expect(validateExtraFields({ birthdayDay: "99", phone: "x" }, nameOnly)).toEqual({});
  });
});

describe("the steps' settings", () => {
  it("refuses an extra-fields step asking for nothing, and empty texts, with clear messages", () => {
    const empty = withSteps(false, true);
    empty.extraFields.fields = { firstName: false, birthday: false, phone: false };
    expect(popupStepsSchema.safeParse(empty).error?.issues[0]?.message).toBe(
      "Extra fields: ask for at least one of first name, birthday and phone",
    );
    const noQuestion = withSteps(true, false);
    noQuestion.opener.question = " ";
    expect(popupStepsSchema.safeParse(noQuestion).error?.issues[0]?.message).toBe(
      "Opener question is required",
    );
  });
});

describe("the step funnel of the stats", () => {
  it("chains each step's views to the previous step's continues", () => {
    const counts = { impressions: 200, subscribers: 50, openerContinues: 80, extraFieldsContinues: 30 };
    expect(stepFunnel(stepSequence(withSteps(true, true)), counts)).toEqual([
      { step: "opener", views: 200, continues: 80, dropOff: 120, dropOffRate: 0.6 },
      { step: "email", views: 80, continues: 50, dropOff: 30, dropOffRate: 0.375 },
      { step: "extraFields", views: 50, continues: 30, dropOff: 20, dropOffRate: 0.4 },
      { step: "success", views: 30, continues: null, dropOff: null, dropOffRate: null },
    ]);
  });

  it("starts at the email step without an opener, with no drop-off before any view", () => {
    const counts = { impressions: 0, subscribers: 0, openerContinues: 0, extraFieldsContinues: 0 };
    expect(stepFunnel(stepSequence(defaultPopupSteps), counts)[0]).toEqual({
      step: "email",
      views: 0,
      continues: 0,
      dropOff: 0,
      dropOffRate: 0,
    });
  });
});

describe("the popup templates", () => {
  it("offer at least the six starting points the issue names", () => {
    expect(POPUP_TEMPLATES.map(({ id }) => id)).toEqual(
      expect.arrayContaining([
        "discount-modal",
        "corner-slide-in",
        "bottom-bar",
        "prize-wheel",
        "two-step-opener",
        "birthday-club",
      ]),
    );
  });

  it.each(POPUP_TEMPLATES)("$id is a popup the API takes and the preview renders", (template) => {
    const parsed = newPopupSchema.safeParse({ name: template.name, ...template.popup });
    expect(parsed.error?.issues ?? []).toEqual([]);
    const preview = templatePreviewConfig(template, {
      name: "Acme",
      socialLinks: {},
      privacyPolicyUrl: null,
      currency: "USD",
      isShopify: false,
    });
    expect(preview.steps.extraFields.phoneConsentText).toContain("Acme");
  });
});

describe("the extra fields as merge tags", () => {
  const vars = {
    firstName: "Ann",
    birthday: formatBirthday(14, 3),
    discountCode: "WELCOME10",
    discountPercentage: 10,
    storeName: "Acme",
    storeUrl: null,
    unsubscribeUrl: "https://app.example/u/x",
  };

  it("fills [First Name] and [Birthday], and leaves [Birthday] empty for a subscriber who gave none", () => {
    expect(withPlaceholders("Hi [First Name], happy [birthday]!", vars)).toBe("Hi Ann, happy 14 March!");
    expect(withPlaceholders("[Birthday]", { ...vars, birthday: formatBirthday(null, null) })).toBe("");
  });

  it("writes [Birthday] the way the message's language reads a date, English when it knows none", () => {
    expect(formatBirthday(14, 3, "de")).toBe("14. März");
    expect(formatBirthday(14, 3, "fr")).toBe("14 mars");
    expect(formatBirthday(1, 5, "es")).toBe("1 de mayo");
    expect(formatBirthday(29, 2, "nl")).toBe("29 februari");
    expect(formatBirthday(14, 3, "pt-br")).toBe("14 de março");
    expect(formatBirthday(14, 3, "not a language!")).toBe("14 March");
    expect(formatBirthday(31, 13, "de")).toBe("");
  });
});
