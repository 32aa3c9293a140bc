/** Every feature file's module (popup/features.ts), for the builder's preview: any popup it shows works. */
import type { Features } from "./features";

export const builderFeatures = async (): Promise<Features> => ({
  wheel: await import("./wheel"),
  steps: await import("./step-views"),
  success: await import("./success"),
});
