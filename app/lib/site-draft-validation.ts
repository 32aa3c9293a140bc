import {
  createStoreSchema,
  isSiteDraftComplete,
  REQUIRED_FIELDS_MESSAGE,
  type SiteDraft,
  storePayload,
} from "./schemas/stores";

/** The message blocking step 1 of adding a store, or null: SPEC's required-fields rule, then the server's own schema. */
export function validateSiteDraft(draft: SiteDraft): string | null {
  if (!isSiteDraftComplete(draft)) return REQUIRED_FIELDS_MESSAGE;
  const parsed = createStoreSchema.safeParse(storePayload(draft));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE);
}
