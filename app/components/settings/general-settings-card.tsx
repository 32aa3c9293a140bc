import { BlockStack, Card, FormLayout, Text } from "@shopify/polaris";
import { useToast } from "~/components/toast";
import { normalizeSiteUrl } from "~/lib/schemas/stores";
import { InlineEditField } from "./inline-edit-field";
import { type StoreSettingsView, saveStoreChange } from "./store-settings";

type Props = { store: StoreSettingsView; onSaved: (store: StoreSettingsView) => void };

/** SPEC §2 General settings: the store name, the site address (any site) and the custom domain, inline. */
export function GeneralSettingsCard({ store, onSaved }: Props) {
  const toast = useToast();

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
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
