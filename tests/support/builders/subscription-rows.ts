import { inboxOfAddress } from "~/services/subscribers/same-inbox.server";
import type { SubscriptionRow } from "~/services/subscribers/subscription-insert.server";
import { type OptionalField, optionalFieldNames } from "../../../popup/config";
import { sqlRows } from "../infra/db";
import { createStoreFor } from "./actors";
import { createOrganizationWithAdmin } from "./fixtures";

/** A new store of a new organization, with the default popup it was created with. */
export async function storeWithPopup(): Promise<{ storeId: string; popupId: string }> {
  const owner = await createOrganizationWithAdmin();
  const storeId = (await createStoreFor(owner.admin.id)).id;
  const [popup] = await sqlRows<{ id: string }>("select id from popup_configs where store_id = $1", [
    storeId,
  ]);
  if (!popup) throw new Error(`store ${storeId} has no popup`);
  return { storeId, popupId: popup.id };
}

/**
 * A storefront subscription's row for the batch statement (subscription-insert.server.ts): `email` on the
 * store's popup, no optional field, the store writing welcome emails; `holder` holds the inbox's claim (the
 * address itself by default).
 */
export function subscriptionRow(
  target: { storeId: string; popupId: string },
  email: string,
  extra: Partial<SubscriptionRow> = {},
  holder = email.toLowerCase(),
): SubscriptionRow {
  return {
    ...(Object.fromEntries(optionalFieldNames.map((field) => [field, null])) as Record<OptionalField, null>),
    ...target,
    email,
    sessionId: null,
    language: null,
    variantId: null,
    discountCodeSent: "WELCOME15",
    wheelDraw: null,
    consentPageUrl: "https://shop.example.com/",
    consentIp: "203.0.113.9",
    consentUserAgent: "Browser",
    consentVersion: "v1",
    confirmationRequired: false,
    countedForVariant: false,
    welcomeIfFirst: true,
    ...inboxOfAddress(email, holder),
    ...extra,
  };
}
