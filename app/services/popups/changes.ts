import { randomBytes } from "node:crypto";
import type { popupConfigs } from "~/db/schema";
import { asksNoExtraField, NO_EXTRA_FIELD } from "~/lib/schemas/popup-steps";
import { type PopupUpdate, targetingRuleErrors } from "~/lib/schemas/popups";
import { invalid } from "~/server/domain-errors.server";
import {
  defaultCartValidation,
  defaultEmailValidation,
  defaultPopupDesign,
  defaultPopupFields,
  defaultPopupLayout,
  defaultPopupSubtitle,
  defaultPopupTargeting,
  type EmailValidation,
  type PopupVariant,
  subtitleForRule,
} from "../../../popup/config";
import { defaultPopupSteps } from "../../../popup/steps";

type StoredPopup = Pick<
  typeof popupConfigs.$inferSelect,
  "fields" | "emailValidation" | "cartValidation" | "layout" | "design" | "targeting" | "steps" | "subtitle"
>;

/** A new variant's id: random, so a deleted variant's counts never merge into a new one's. */
const newVariantId = () => randomBytes(6).toString("hex");

function withIds(variants: NonNullable<PopupUpdate["variants"]>): PopupVariant[] {
  return variants.map((variant) => ({ ...variant, id: variant.id ?? newVariantId() }));
}

/**
 * The columns a change writes: flat fields as given, nested objects merged with what is stored, variants
 * replaced as a whole (the list is the test's configuration). A built-in subtitle follows the address rule
 * as it will be stored (subtitleForRule).
 */
export function mergePopupChanges(
  current: StoredPopup,
  changes: PopupUpdate,
): Partial<typeof popupConfigs.$inferInsert> {
  const { fields, emailValidation, cartValidation, layout, design, targeting, variants, steps, ...flat } =
    changes;
  const rule = { ...current.emailValidation, ...emailValidation };
  const subtitle = subtitleForRule(flat.subtitle ?? current.subtitle, rule.companyEmailsOnly);
  return {
    ...flat,
    ...(subtitle !== current.subtitle || flat.subtitle !== undefined ? { subtitle } : {}),
    ...(fields ? { fields: { ...current.fields, ...fields, email: true as const } } : {}),
    ...(emailValidation ? { emailValidation: rule } : {}),
    ...(cartValidation ? { cartValidation: { ...current.cartValidation, ...cartValidation } } : {}),
    ...(layout ? { layout: { ...current.layout, ...layout } } : {}),
    ...(design
      ? { design: { ...current.design, ...design, teaser: { ...current.design.teaser, ...design.teaser } } }
      : {}),
    ...(targeting
      ? {
          targeting: {
            ...current.targeting,
            ...targeting,
            pages: { ...current.targeting.pages, ...targeting.pages },
            devices: { ...current.targeting.devices, ...targeting.devices },
          },
        }
      : {}),
    ...(variants ? { variants: withIds(variants) } : {}),
    ...(steps
      ? {
          steps: {
            opener: { ...current.steps.opener, ...steps.opener },
            extraFields: {
              ...current.steps.extraFields,
              ...steps.extraFields,
              fields: { ...current.steps.extraFields.fields, ...steps.extraFields?.fields },
            },
          },
        }
      : {}),
  };
}

/** Refuses steps that, as they would be stored, turn on the extra-fields step with no field to ask. */
export function refuseEmptyExtraFields(columns: Partial<typeof popupConfigs.$inferInsert>): void {
  if (columns.steps && asksNoExtraField(columns.steps))
    throw invalid(NO_EXTRA_FIELD, { "steps.extraFields.fields": [NO_EXTRA_FIELD] });
}

/**
 * Refuses a popup whose targeting, as it would be stored, shows to no device or ends before it starts: a
 * change of one field (only the end, only one device box) is judged with the stored others.
 */
export function refuseBrokenTargeting(columns: Partial<typeof popupConfigs.$inferInsert>): void {
  if (!columns.targeting) return;
  const errors = Object.entries(targetingRuleErrors(columns.targeting));
  const [first] = errors;
  if (first) throw invalid(first[1], Object.fromEntries(errors.map(([path, message]) => [path, [message]])));
}

/**
 * A new popup's columns from its given fields, merged with the defaults where they are nested; its address
 * rule starts as the store's (`storeRule`: a template or a blank popup keeps what the merchant chose).
 */
export function newPopupColumns(
  changes: PopupUpdate,
  storeRule: EmailValidation = defaultEmailValidation,
): Partial<typeof popupConfigs.$inferInsert> {
  const columns = mergePopupChanges(
    {
      subtitle: defaultPopupSubtitle,
      fields: defaultPopupFields,
      emailValidation: storeRule,
      cartValidation: defaultCartValidation,
      layout: defaultPopupLayout,
      design: defaultPopupDesign,
      targeting: defaultPopupTargeting,
      steps: defaultPopupSteps,
    },
    changes,
  );
  return { emailValidation: storeRule, ...columns };
}

/** The uploaded images a change refers to (the design's and each variant's), to check they are the store's. */
export function imagesReferenced(changes: PopupUpdate): string[] {
  const ids = [
    changes.design?.imageId,
    ...(changes.variants ?? []).map((variant) => variant.overrides.design?.imageId),
  ];
  return ids.filter((id): id is string => typeof id === "string");
}
