import type { PopupDesign, PopupTargeting, PopupVariant, PopupWithCode } from "../../../popup/config";
import type { OfferColumns } from "../../../popup/offer";
import type { PrizeWheel } from "../../../popup/prize-wheel";

/** The builder edits every popup_configs field the storefront sees, plus the shared code, name and rules. */
export type BuilderConfig = Omit<
  PopupWithCode,
  "socialLinks" | "design" | "privacyPolicyUrl" | "offer" | "autoApply" | "wheel"
> &
  OfferColumns & {
    wheel: PrizeWheel | null;
    name: string;
    priority: number;
    codeValidDays: number;
    codeUsageLimit: number;
    design: PopupDesign;
    targeting: PopupTargeting;
    variants: PopupVariant[];
  };

/** Where a popup stands with shoppers (docs/decisions/212): what the publish bar and the list show. */
export type Publication = { status: "draft" | "live" | "paused"; hasUnpublishedChanges: boolean };

type NestedPartial<T> = {
  [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : Partial<T[K]>) : T[K];
};
export type BuilderPatch = NestedPartial<BuilderConfig>;

/** Field messages by dotted path ("buttonText", "emailValidation.allowedDomains"). */
export type FieldErrors = Readonly<Record<string, string>>;

export type EditProps = { config: BuilderConfig; edit: (patch: BuilderPatch) => void; errors?: FieldErrors };
