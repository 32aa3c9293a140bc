// How builder edits combine: into the local copy and the pending save, and which field messages they replace.
import type { BuilderConfig, BuilderPatch } from "./types";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** `patch` applied over `into`: nested objects merge at every depth, lists and values replace. */
export function mergePatch<T extends object>(into: T, patch: object): T {
  const merged: Record<string, unknown> = { ...(into as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    const previous = merged[key];
    merged[key] = isPlainObject(value) && isPlainObject(previous) ? mergePatch(previous, value) : value;
  }
  return merged as T;
}

/** The dotted paths a patch sets ("title", "targeting.pages.include"): the fields an edit replaces. */
export function pathsOf(patch: object, prefix = ""): string[] {
  return Object.entries(patch).flatMap(([key, value]) =>
    isPlainObject(value) ? pathsOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Whether an edit of `edited` replaces the value the message at `path` was about (a list: any item). */
export const replaces = (edited: string, path: string) => path === edited || path.startsWith(`${edited}.`);

/** The patch less the fields at `paths`; a list goes when any of its items was refused. */
export function without(patch: object, paths: string[], prefix = ""): BuilderPatch {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    const path = `${prefix}${key}`;
    // The field itself or an object holding it was refused.
    if (paths.some((refused) => replaces(refused, path))) continue;
    if (isPlainObject(value)) {
      const inner = without(value, paths, `${path}.`);
      if (Object.keys(inner).length > 0) kept[key] = inner;
    } else if (!paths.some((refused) => replaces(path, refused))) kept[key] = value;
  }
  return kept as BuilderPatch;
}

/** The message for a field, or for one of its items (a list's "targeting.sources.2"). */
export function errorUnder(errors: Readonly<Record<string, string>>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([refused]) => replaces(path, refused))?.[1];
}

const SCHEDULE = ["targeting.startsAt", "targeting.endsAt"];

/**
 * An edit of the devices or of the schedule, completed with the other half of its pair from the popup as
 * edited: the rules that read both (at least one device, the end after the start) then judge the pair the
 * server would store, and a fix of either half sends both.
 */
export function withTargetingPairs<T extends BuilderPatch>(config: BuilderConfig, patch: T): T {
  const edited = patch.targeting;
  if (!edited) return patch;
  const next = mergePatch(config, patch).targeting;
  const schedule = "startsAt" in edited || "endsAt" in edited;
  return {
    ...patch,
    targeting: {
      ...edited,
      ...(edited.devices ? { devices: next.devices } : {}),
      ...(schedule ? { startsAt: next.startsAt, endsAt: next.endsAt } : {}),
    },
  };
}

/** The refused paths and what they hold back with them: a refused start or end keeps the whole schedule. */
export const heldBack = (refused: string[]) =>
  refused.flatMap((path) => (SCHEDULE.includes(path) ? SCHEDULE : [path]));
