import { BlockStack, InlineStack, Page } from "@shopify/polaris";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { AppEmbedStep } from "~/components/integration/app-embed-step";
import { ScriptStep } from "~/components/integration/script-step";
import { ServiceWorkerCard } from "~/components/integration/service-worker-step";
import { ShopifyScriptCaveat } from "~/components/integration/shopify-script-caveat";
import { SiteStep } from "~/components/integration/site-step";
import { type InstallationView, VerifyStep } from "~/components/integration/verify-step";
import { NoStores } from "~/components/no-stores";
import { StorePicker } from "~/components/store-picker";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { sectionPath } from "~/lib/store-routing";
import { appEmbedStatus } from "~/services/stores/app-embed.server";
import { requireStore } from "~/services/stores/crud.server";
import { integrationScript, siteUrlOf } from "~/services/stores/integration.server";
import { isEmbeddedAppEnabled } from "~/shopify.server";
import type { Route } from "./+types/integration";

export const meta: Route.MetaFunction = () => [{ title: "Integration · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store: selected } = await requireStoreScreen(request, params, "manage_integrations");
  if (!selected) return { integration: null };
  const store = await requireStore(actor, selected.id);
  return {
    integration: {
      store: {
        id: store.id,
        name: store.name,
        integrationType: store.integrationType,
        siteUrl: siteUrlOf(store),
      },
      script: await integrationScript(actor, store.id, { regenerate: false }),
      // Shopify stores install through the theme app embed, never by editing theme code (shopify.dev) —
      // when this server is the Shopify app; otherwise the embed cannot reach the shop, and the script is
      // the way, with its caveat.
      appEmbed: store.integrationType === "shopify" && isEmbeddedAppEnabled() ? appEmbedStatus(store) : null,
      connectedToShop: store.shopifyDomain !== null,
      installation: {
        installed: store.isVerified,
        message: store.verificationMessage ?? "",
        checkedAt: store.verificationCheckedAt,
      },
    },
  };
}

export default function Integration({ loaderData }: Route.ComponentProps) {
  const { integration } = loaderData;
  if (!integration) {
    return (
      <Page title="Integration">
        <NoStores />
      </Page>
    );
  }
  return <IntegrationGuide key={integration.store.id} {...integration} />;
}

type GuideProps = NonNullable<Route.ComponentProps["loaderData"]["integration"]>;

/**
 * SPEC §2 Integration setup: the three-step guide for the selected store. A Shopify store's second step
 * turns on the theme app embed instead of pasting the script (README: where the product differs from SPEC),
 * and it has no service worker step (docs/decisions/166).
 */
function IntegrationGuide({ store, script, appEmbed, connectedToShop, installation: initial }: GuideProps) {
  const [installation, setInstallation] = useState<InstallationView>(initial);
  const revalidator = useRevalidator();
  return (
    <Page title="Integration" subtitle={`Install the popup on ${store.name}`}>
      <BlockStack gap="400">
        <InlineStack align="start">
          <StorePicker section="integration" storeId={store.id} />
        </InlineStack>
        <SiteStep name={store.name} siteUrl={store.siteUrl} settingsUrl={sectionPath("settings", store.id)} />
        {appEmbed ? (
          <AppEmbedStep
            step={2}
            view={appEmbed}
            connectFirstUrl={connectedToShop ? null : sectionPath("settings", store.id)}
            onCheckAgain={() => void revalidator.revalidate()}
            checking={revalidator.state === "loading"}
          />
        ) : (
          <ScriptStep
            storeId={store.id}
            initial={script}
            installed={installation.installed}
            caveat={store.integrationType === "shopify" ? <ShopifyScriptCaveat /> : null}
          />
        )}
        <VerifyStep
          storeId={store.id}
          view={installation}
          onChecked={setInstallation}
          installedBy={appEmbed ? "app-embed" : "script"}
        />
        {/* Shopify themes cannot serve a file from the site's root, where the worker must live. */}
        {store.integrationType === "shopify" ? null : <ServiceWorkerCard storeId={store.id} />}
      </BlockStack>
    </Page>
  );
}
