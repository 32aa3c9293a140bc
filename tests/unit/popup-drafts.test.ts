import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { popupConfigs, popupContentKeys } from "~/db/schema/popups";
import { contentOf, draftFor, popupView } from "~/services/popups/drafts";
import {
  defaultCartValidation,
  defaultEmailValidation,
  defaultPopupDesign,
  defaultPopupFields,
  defaultPopupLayout,
  defaultPopupTargeting,
  defaultPopupVariants,
} from "../../popup/config";
import { defaultPopupSteps } from "../../popup/steps";
import { defaultPopupLanguages } from "../../popup/texts";

type PopupRow = typeof popupConfigs.$inferSelect;

const published: PopupRow = {
  id: "popup-1",
  storeId: "store-1",
  name: "Welcome popup",
  priority: 1,
  targeting: defaultPopupTargeting,
  design: defaultPopupDesign,
  variants: defaultPopupVariants,
  steps: defaultPopupSteps,
  title: "Published title",
  subtitle: "Subtitle",
  buttonText: "SUBMIT",
  consentText: "Consent",
  languages: defaultPopupLanguages,
  fields: defaultPopupFields,
  emailValidation: defaultEmailValidation,
  cartValidation: defaultCartValidation,
  discountCode: "WELCOME15",
  discountPercentage: 15,
  offerKind: "percentage",
  discountAmount: 10,
  minimumSubtotal: null,
  wheel: null,
  codeValidDays: 30,
  codeUsageLimit: 1,
  displayTrigger: "immediate",
  animation: "slide-in",
  layout: defaultPopupLayout,
  showExitIntentIfNotSubscribed: false,
  suppressAfterSubscription: true,
  status: "live",
  draft: null,
  publishedAt: new Date("2026-12-01T00:00:00Z"),
  discountCodeInShopify: null,
  discountCodeCheckedAt: null,
  wheelCodesNotInShopify: null,
  createdAt: new Date("2026-11-01T00:00:00Z"),
  updatedAt: new Date("2026-12-01T00:00:00Z"),
};

describe("a popup's published version and its unpublished changes", () => {
  it("lists as content every column shoppers see, and not the name, status, order or bookkeeping", () => {
    const columns = Object.keys(getTableColumns(popupConfigs));
    const bookkeeping = [
      "id",
      "storeId",
      "name",
      "priority",
      "status",
      "draft",
      "publishedAt",
      "discountCodeInShopify",
      "discountCodeCheckedAt",
      "wheelCodesNotInShopify",
      "createdAt",
      "updatedAt",
    ];
    expect([...popupContentKeys].sort()).toEqual(columns.filter((key) => !bookkeeping.includes(key)).sort());
  });

  it("keeps a change as the draft, and none once the change is put back", () => {
    const changed = { ...contentOf(published), title: "New title" };
    expect(draftFor(published, changed)).toEqual(changed);
    expect(draftFor(published, { ...changed, title: "Published title" })).toBeNull();
    // Nested values compare by value, as jsonb gives them back.
    expect(draftFor(published, { ...contentOf(published), design: { ...defaultPopupDesign } })).toBeNull();
  });

  it("answers the working copy with its status, SPEC's isActive and whether there is something to publish", () => {
    const withDraft = { ...published, draft: { ...contentOf(published), title: "New title" } };
    expect(popupView(withDraft)).toMatchObject({
      title: "New title",
      status: "live",
      isActive: true,
      hasUnpublishedChanges: true,
    });
    expect(popupView(withDraft)).not.toHaveProperty("draft");
    expect(popupView({ ...published, status: "paused" })).toMatchObject({
      title: "Published title",
      isActive: false,
      hasUnpublishedChanges: false,
    });
  });
});
