/**
 * The storefront's feature files (docs/decisions/183): code the view needs only for a popup that uses it,
 * each its own file (popup/vite.config.ts, the `__FEATURE_FILES__` stage). The view asks for those the chosen
 * popup needs, through the script's loader (popup/main.ts), before the popup mounts. The popup takes them as
 * `features` (popup/render.ts); the builder passes them all (popup/builder-features.ts).
 */
import type { PublicPopupConfig } from "./config";

export type Features = {
  /** The prize wheel (docs/decisions/182): its drawing and its spin. */
  wheel?: typeof import("./wheel");
  /** The opener and the extra-fields step (docs/decisions/186): their views and what the latter sends. */
  steps?: typeof import("./step-views");
  /** The success view with its Copy button and confetti (popup/success.ts): every popup's, once a visitor subscribes. */
  success?: typeof import("./success");
  /**
   * The files the popup needs only once the shopper acts (types in the form, or answers the opener yes), loaded
   * then and merged in (docs/decisions/199); rejects when one fails to load (the next act asks again).
   */
  later?: () => Promise<Features>;
};
type FeatureName = Exclude<keyof Features, "later">;

const MOUNT = 1;
const ACT = 2;
type When = typeof MOUNT | typeof ACT;
/**
 * When a popup needs a feature's file: before it shows (MOUNT), once the shopper acts (ACT), or never.
 * Only what a page view loads before the shopper acts counts against the storefront's byte budget.
 */
const WHEN: Record<FeatureName, (config: PublicPopupConfig) => When | undefined> = {
  // Behind an opener the wheel shows only after its yes.
  wheel: ({ wheel, steps }) => (wheel ? (steps.opener.enabled ? ACT : MOUNT) : undefined),
  // The opener is what shows first; extra fields follow a subscription.
  steps: ({ steps }) => (steps.opener.enabled ? MOUNT : steps.extraFields.enabled ? ACT : undefined),
  success: () => ACT,
};

/** A later file's name with its content hash (`?v=`), and the global it sets: from the build. */
export type LaterFile = [file: string, global: string];
/** The script's loader of a later file (popup/main.ts): the global it sets, once. */
export type LoadLater = <T>(file: LaterFile) => Promise<T>;

/** The feature files' names and globals, from the build (popup/vite.config.ts). Storefront only. */
declare const __FEATURE_FILES__: Record<FeatureName, LaterFile>;

/**
 * The feature files `config` needs before it shows, by name, with the loader of those it needs once the
 * shopper acts; undefined when one fails to load (the popup waits for them).
 */
export function loadFeatures(config: PublicPopupConfig, load: LoadLater): Promise<Features | undefined> {
  const files = (when: When) =>
    Promise.all(
      (Object.keys(WHEN) as FeatureName[])
        .filter((name) => WHEN[name](config) === when)
        .map(async (name) => [name, await load(__FEATURE_FILES__[name])]),
    ).then((loaded): Features => Object.fromEntries(loaded));
  return files(MOUNT).then(
    (features) => ({ ...features, later: () => files(ACT) }),
    () => undefined,
  );
}
