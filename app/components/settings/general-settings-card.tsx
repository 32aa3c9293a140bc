import { BlockStack, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { currencyOptions } from "~/lib/currencies";
import { privacyPolicyUrlOf } from "~/lib/privacy-policy";
import { normalizeSiteUrl } from "~/lib/schemas/stores";
import { InlineEditField } from "./inline-edit-field";
import { type StoreSettingsView, saveStoreChange } from "./store-settings";

type Props = { store: StoreSettingsView; onSaved: (store: StoreSettingsView) => void };

/**
 * SPEC §2 General settings: the store name, the site address (any site), the custom domain and the privacy
 * policy the popup's consent sentence links to, inline; and the currency offers' amounts are in: a standalone
 * store picks it, a Shopify store's is its shop's (docs/decisions/181), shown read-only.
 */
export function GeneralSettingsCard({ store, onSaved }: Props) {
  const toast = useToast();
  const shopPolicy = privacyPolicyUrlOf({ ...store, privacyPolicyUrl: null });

  async function save(changes: Record<string, unknown>, success: string, failure: string) {
    const updated = await saveStoreChange(store.id, changes, { success, failure }, toast);
    if ("refused" in updated) return updated;
    onSaved(updated);
    return true;
  }

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          General settings
        </Text>
        <FormLayout>
          <InlineEditField
            label="Store name"
            value={store.name}
            onSave={(name) => save({ name }, "Store name updated", "Failed to save settings")}
          />
          {store.integrationType === "typical" ? (
            <InlineEditField
              label="Site URL"
              type="url"
              value={store.shopifyUrl ?? ""}
              helpText="The address where the popup is installed; Verify Installation checks this page"
              onSave={(url) =>
                save({ shopifyUrl: normalizeSiteUrl(url) }, "Site URL updated", "Failed to update store URL")
              }
            />
          ) : null}
          <InlineEditField
            label="Custom domain"
            type="url"
            value={store.customDomain ?? ""}
            helpText="The address your visitors use, if it differs from the one above. Leave empty to remove it."
            allowEmpty
            onSave={(domain) =>
              save(
                { customDomain: normalizeSiteUrl(domain) },
                "Custom domain updated",
                "Failed to update store URL",
              )
            }
          />
          <InlineEditField
            label="Privacy policy URL"
            type="url"
            value={store.privacyPolicyUrl ?? ""}
            emptyText={shopPolicy ? `Your shop's policy: ${shopPolicy}` : "Not set"}
            helpText={`Linked after the popup's consent sentence. ${
              shopPolicy
                ? "Leave empty to link your shop's own privacy policy."
                : "Without it the sentence shows with no link."
            }`}
            allowEmpty
            onSave={(url) =>
              save(
                { privacyPolicyUrl: normalizeSiteUrl(url) },
                "Privacy policy URL updated",
                "Failed to save settings",
              )
            }
          />
          {store.integrationType === "typical" ? (
            <CurrencySelect store={store} save={save} />
          ) : (
            <TextField
              label="Currency"
              value={store.currency}
              readOnly
              helpText="Your Shopify shop's currency, read from Shopify. Amount-off offers are in it."
              autoComplete="off"
            />
          )}
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

/** Saved as soon as it is picked; back to the saved currency when the save fails. */
function CurrencySelect({
  store,
  save,
}: {
  store: StoreSettingsView;
  save: (changes: Record<string, unknown>, success: string, failure: string) => Promise<unknown>;
}) {
  const [picked, setPicked] = useState(store.currency);
  return (
    <Select
      label="Currency"
      options={currencyOptions(store.currency)}
      value={picked}
      helpText="Amount-off offers and minimum subtotals are in this currency."
      onChange={async (currency) => {
        setPicked(currency);
        if ((await save({ currency }, "Currency updated", "Failed to save settings")) !== true)
          setPicked(store.currency);
      }}
    />
  );
}
