import { BlockStack, List, Text, TextField } from "@shopify/polaris";

type Props = { value: string; onChange: (value: string) => void; helpText: string; error?: string };

/** Step 2 (SPEC §2): the optional Shopify Admin API access token and how to create one. */
export function AccessTokenStep({ value, onChange, helpText, error }: Props) {
  return (
    <BlockStack gap="400">
      <TextField
        label="Shopify Access Token (optional)"
        type="password"
        value={value}
        onChange={(next) => onChange(next.replace(/[^\x21-\x7e]/g, ""))}
        helpText={helpText}
        error={error}
        autoComplete="off"
      />
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Create a custom app in your Shopify admin
        </Text>
        <List type="number">
          <List.Item>
            In your Shopify admin, open Settings → Apps and sales channels → Develop apps.
          </List.Item>
          <List.Item>Click Create an app and name it, for example "Newsletter Popup".</List.Item>
          <List.Item>
            Under Configuration, grant the Admin API scopes read_discounts, write_discounts, read_customers,
            write_customers and read_orders.
          </List.Item>
          <List.Item>Click Install app and confirm.</List.Item>
          <List.Item>
            Under API credentials, reveal the Admin API access token once and paste it here.
          </List.Item>
        </List>
      </BlockStack>
    </BlockStack>
  );
}
