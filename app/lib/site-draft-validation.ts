import {
  cleanStoreName,
  createStoreSchema,
  isSiteDraftComplete,
  REQUIRED_FIELDS_MESSAGE,
  type SiteDraft,
  shopAlreadyAdded,
  siteHost,
  storePayload,
  type TakenShop,
} from "./schemas/stores";

/** The draft's fields that can carry a message. */
export type SiteDraftField = "name" | "siteUrl" | "shopifyStoreName" | "customDomain";
export type SiteDraftErrors = Partial<Record<SiteDraftField, string>>;
/** Fields of step 1 (Add Your Site): every field of the draft. */
export const SITE_STEP_FIELDS: readonly SiteDraftField[] = [
  "name",
  "siteUrl",
  "shopifyStoreName",
  "customDomain",
];

/** Where the draft's site address is typed: the Site URL, the store name or the custom domain. */
export function addressField(draft: SiteDraft): SiteDraftField {
  if (draft.integrationType === "typical") return "siteUrl";
  return draft.shopifyMode === "store-name" ? "shopifyStoreName" : "customDomain";
}

/** A field of the creation payload (or of the server's answer) as the draft field it was typed in. */
export function draftFieldOf(draft: SiteDraft, payloadField: string): SiteDraftField | null {
  if (payloadField === "name") return "name";
  if (payloadField === "shopifyUrl") return addressField(draft);
  if (payloadField === "shopifyStoreName") return "shopifyStoreName";
  if (payloadField === "customDomain") return "customDomain";
  return null;
}

export type SiteDraftProblem = { message: string; errors: SiteDraftErrors };

/**
 * What blocks step 1 of adding a store, or null: SPEC's required-fields rule, then the server's own schema,
 * then a Shopify shop the organization already has. Each message is also put on its field.
 */
export function validateSiteDraft(
  draft: SiteDraft,
  takenShops: readonly TakenShop[] = [],
): SiteDraftProblem | null {
  const address = addressField(draft);
  if (!isSiteDraftComplete(draft)) {
    const errors: SiteDraftErrors = {};
    if (!draft.name.trim()) errors.name = "Site name is required";
    const addressValue =
      address === "shopifyStoreName" ? cleanStoreName(draft.shopifyStoreName) : draft[address];
    if (!String(addressValue).trim())
      errors[address] =
        address === "shopifyStoreName" ? "Store name is required" : "The site address is required";
    return { message: REQUIRED_FIELDS_MESSAGE, errors };
  }
  const payload = storePayload(draft);
  const parsed = createStoreSchema.safeParse(payload);
  if (!parsed.success) {
    const errors: SiteDraftErrors = {};
    for (const issue of parsed.error.issues) {
      const field = draftFieldOf(draft, String(issue.path[0] ?? ""));
      if (field) errors[field] ??= issue.message;
    }
    return { message: parsed.error.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE, errors };
  }
  const host = draft.integrationType === "shopify" ? siteHost(payload.shopifyUrl) : null;
  const taken = host ? takenShops.find((shop) => shop.hosts.includes(host)) : undefined;
  if (host && taken) {
    const message = shopAlreadyAdded(host, taken.name);
    return { message, errors: { [address]: message } };
  }
  return null;
}
