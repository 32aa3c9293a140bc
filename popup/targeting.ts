/**
 * Which popup a page view shows and in which variant: pure rules, run by the storefront script (popup/main.ts)
 * on the config it already has (no extra request), and by their unit tests.
 */
import type { PopupTargeting, PublicPopup, PublicPopupConfig, PublicVariant } from "./config";

/** What the script knows about this page view. */
export type Visit = {
  /** location.pathname */
  path: string;
  /** A phone-sized viewport or a touch-first pointer: `(max-width: 767px)` or `(pointer: coarse)`. */
  mobile: boolean;
  /** This browser had seen the store in an earlier session (popup/main.ts keeps the marker). */
  returning: boolean;
  /** The session's utm_source, else its referrer's host; "" for a direct visit. */
  source: string;
  now: number;
};

/** The viewport a phone has; with a coarse pointer (a tablet) the visit counts as mobile too. */
export const MOBILE_QUERY = "(max-width: 767px)";

/** A path pattern: `*` stands for any characters (slashes too), the rest is literal; case-insensitive. */
export function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .trim()
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "i").test(path);
}

/** Every page unless `include` lists some; an `exclude` match always wins. */
export function pageAllowed(pages: PopupTargeting["pages"], path: string): boolean {
  const listed = (patterns: string[]) => patterns.some((pattern) => pathMatches(pattern, path));
  return (!pages.include.length || listed(pages.include)) && !listed(pages.exclude);
}

/** The visit's source: utm_source from the landing URL, else the referrer's host when it is another site. */
export function visitSource(search: string, referrer: string, ownHost: string): string {
  const utm = new URLSearchParams(search).get("utm_source")?.trim();
  if (utm) return utm.toLowerCase();
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host === ownHost.toLowerCase() ? "" : host;
  } catch {
    return "";
  }
}

/** A listed source matches the same name, or the referrer host and its subdomains (`facebook.com` ⊃ `m.facebook.com`). */
function sourceAllowed(sources: string[], source: string): boolean {
  if (!sources.length) return true;
  const bare = source.replace(/^www\./, "");
  return sources.some((listed) => {
    const name = listed
      .trim()
      .toLowerCase()
      .replace(/^www\./, "");
    return Boolean(name) && (bare === name || bare.endsWith(`.${name}`));
  });
}

/**
 * Whether the schedule is live at some instant from `from` to `until` (one instant when they are equal): live
 * from `startsAt` (included) until `endsAt` (excluded), both ISO instants; an unreadable date does not limit.
 * The storefront script and the server (what a config lists, which popup a subscription may follow) both ask
 * this, so they never disagree.
 */
export function scheduled(
  { startsAt, endsAt }: Pick<PopupTargeting, "startsAt" | "endsAt">,
  from: number,
  until = from,
): boolean {
  const start = startsAt ? Date.parse(startsAt) : Number.NaN;
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  return !(until < start) && !(from >= end);
}

export function targets(targeting: PopupTargeting, visit: Visit): boolean {
  return (
    pageAllowed(targeting.pages, visit.path) &&
    (visit.mobile ? targeting.devices.mobile : targeting.devices.desktop) &&
    (targeting.visitors === "all" || (targeting.visitors === "returning") === visit.returning) &&
    sourceAllowed(targeting.sources, visit.source) &&
    scheduled(targeting, visit.now)
  );
}

/**
 * The popup this page view shows: the first (popups come priority first) whose rules match, leaving out
 * those a subscribed visitor no longer sees. At most one per page view.
 */
export function choosePopup(popups: PublicPopup[], visit: Visit, subscribed: boolean): PublicPopup | null {
  return (
    popups.find(
      (popup) => !(subscribed && popup.suppressAfterSubscription) && targets(popup.targeting, visit),
    ) ?? null
  );
}

/**
 * The visitor's variant: the one they were given before while the popup still has it, else a weighted
 * draw (`random` in [0, 1)). All weights zero: the first (the control).
 */
export function chooseVariant(
  variants: PublicVariant[],
  storedId: string | null,
  random: number,
): PublicVariant | null {
  const kept = variants.find((variant) => variant.id === storedId);
  if (kept) return kept;
  const total = variants.reduce((sum, variant) => sum + Math.max(0, variant.weight), 0);
  let left = random * total;
  for (const variant of variants) {
    left -= Math.max(0, variant.weight);
    if (left < 0) return variant;
  }
  return variants[0] ?? null;
}

/** The popup as a variant shows it: its content and design overrides over the popup's own. */
export function withVariant<T extends PublicPopupConfig>(
  popup: T,
  variant: PublicVariant | null | undefined,
): T {
  if (!variant) return popup;
  const { id: _id, weight: _weight, design, ...content } = variant;
  return { ...popup, ...content, design: { ...popup.design, ...design } };
}
