import { fillDiscountPercent } from "../../popup/config";

/** [DISCOUNT_CODE] in any case and spacing: the subscriber's own code (or the popup's). */
export const DISCOUNT_CODE_TAG = /\[\s*discount_code\s*\]/gi;
/** [DISCOUNT_LINK]: the code's auto-apply link on a Shopify shop (docs/decisions/181), else the store's address. */
export const DISCOUNT_LINK_TAG = /\[\s*discount_link\s*\]/gi;

/** Characters a typed URL never needs and that would only matter inside an attribute. */
const UNSAFE_IN_URL = /[\s"'<>`\\{}|^]/;

/**
 * The value when it is an absolute URL with one of the protocols (http or https unless told), else null:
 * nothing else may become a link or an image in an email. The schemas check links with it too, so what
 * a merchant may save is exactly what the email links.
 */
export function linkableUrl(
  value: string | null | undefined,
  protocols: readonly string[] = ["http:", "https:"],
): string | null {
  const trimmed = value?.trim() ?? "";
  if (!/^https?:\/\//i.test(trimmed) || UNSAFE_IN_URL.test(trimmed)) return null;
  try {
    return protocols.includes(new URL(trimmed).protocol) ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * A link's offer tags filled: [DISCOUNT_CODE] (URL-encoded, so any code stays one path segment, as in a
 * shop's /discount/[DISCOUNT_CODE] link) and [DISCOUNT_PERCENT]. The subscriber's name never goes into a
 * link: a name anyone typed into the popup must not choose where the store's email points.
 */
export function fillLinkTags(
  url: string,
  offer: { discountCode: string; discountPercentage: number },
): string {
  return fillDiscountPercent(
    url.replace(DISCOUNT_CODE_TAG, () => encodeURIComponent(offer.discountCode)),
    offer.discountPercentage,
  );
}
