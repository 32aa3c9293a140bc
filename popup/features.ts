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
  /**
   * The success view with its Copy button and confetti (popup/success.ts): every popup's, but only once a
   * visitor subscribes, so asked for as they start typing (popup/render.ts).
   */
  success?: () => Promise<typeof import("./success")>;
};
/** The features a popup needs by its config, loaded before it mounts. */
type FeatureName = Exclude<keyof Features, "success">;

/** Whether a popup needs a feature's file. */
const NEEDS: Record<FeatureName, (config: PublicPopupConfig) => boolean> = {
  wheel: (config) => Boolean(config.wheel),
  steps: ({ steps }) => steps.opener.enabled || steps.extraFields.enabled,
};

/** A later file's name with its content hash (`?v=`), and the global it sets: from the build. */
export type LaterFile = [file: string, global: string];
/** The script's loader of a later file (popup/main.ts): the global it sets, once. */
export type LoadLater = <T>(file: LaterFile) => Promise<T>;

/** The feature files' names and globals, from the build (popup/vite.config.ts). Storefront only. */
declare const __FEATURE_FILES__: Record<keyof Features, LaterFile>;

/**
 * The feature files `config` needs, by name, and the success view's loader; undefined when one fails to load
 * (the popup waits for them).
 */
export const loadFeatures = (config: PublicPopupConfig, load: LoadLater): Promise<Features | undefined> =>
  Promise.all(
    (Object.keys(NEEDS) as FeatureName[])
      .filter((name) => NEEDS[name](config))
      .map(async (name) => [name, await load(__FEATURE_FILES__[name])]),
  ).then(
    (loaded) => ({ ...Object.fromEntries(loaded), success: () => load(__FEATURE_FILES__.success) }),
    () => undefined,
  );
