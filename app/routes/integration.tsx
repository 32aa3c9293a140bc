import { BlockStack, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { NoStores } from "~/components/no-stores";
import { StorePicker } from "~/components/store-picker";
import { InstallSnippet } from "~/components/stores/install-snippet";
import { env } from "~/lib/env.server";
import { installScript } from "~/lib/install-script";
import { storeForScreen } from "~/services/screen-store.server";
import { requireScreen } from "~/services/screens.server";
import { requireStore } from "~/services/stores.server";
import type { Route } from "./+types/integration";

export const meta: Route.MetaFunction = () => [{ title: "Integration · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireScreen(request, "manage_integrations");
  const selected = await storeForScreen(actor, request, params.storeId);
  if (!selected) return { store: null };
  const store = await requireStore(actor, selected.id);
  return {
    store: { id: store.id, name: store.name, integrationType: store.integrationType },
    script: installScript(env().APP_URL, store.id, store.integrationType),
  };
}

export default function Integration({ loaderData }: Route.ComponentProps) {
  const { store } = loaderData;
  if (!store || !loaderData.script) {
    return (
      <Page title="Integration">
        <NoStores />
      </Page>
    );
  }
  return (
    <Page title="Integration" subtitle="Install the popup on your site">
      <BlockStack gap="400">
        <InlineStack align="start">
          <StorePicker section="integration" storeId={store.id} />
        </InlineStack>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {`Install script for ${store.name}`}
            </Text>
            <InstallSnippet script={loaderData.script} integrationType={store.integrationType} />
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}
