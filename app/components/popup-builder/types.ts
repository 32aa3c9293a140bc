import type { PublicPopupConfig } from "../../../popup/config";

/** The builder edits every popup_configs field the storefront sees, plus isActive. */
export type BuilderConfig = Omit<PublicPopupConfig, "socialLinks"> & { isActive: boolean };

type NestedPartial<T> = {
  [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : Partial<T[K]>) : T[K];
};
export type BuilderPatch = NestedPartial<BuilderConfig>;

export type EditProps = { config: BuilderConfig; edit: (patch: BuilderPatch) => void };
