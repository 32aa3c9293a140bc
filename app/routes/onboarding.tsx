import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Frame,
  InlineStack,
  Link,
  Page,
  ProgressBar,
  Select,
  Text,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { AppEmbedInstructions } from "~/components/integration/app-embed-step";
import { ShopifyScriptCaveat } from "~/components/integration/shopify-script-caveat";
import { ConnectWithShopify } from "~/components/settings/connect-with-shopify";
import { InstallSnippet } from "~/components/stores/install-snippet";
import { SHOPIFY_CONNECT_LATER } from "~/components/stores/shopify-connect-later";
import { SiteDetailsStep } from "~/components/stores/site-details-step";
import { useStoreDraft } from "~/components/stores/use-store-draft";
import { ToastOutlet } from "~/components/toast";
import { useLogout } from "~/components/use-logout";
import { requireScreen } from "~/http/guards/screens.server";
import type { Received } from "~/lib/api-client";
import { appEmbedEditorUrl, myshopifyDomainOf } from "~/lib/app-embed";
import { installScript } from "~/lib/install-script";
import type { StoreView } from "~/lib/schemas/stores";
import { rememberStore } from "~/lib/store-routing";
import { env } from "~/server/env.server";
import { listStoreSummaries, listTakenShops } from "~/services/stores/crud.server";
import { isEmbeddedAppEnabled } from "~/shopify.server";
import type { Route } from "./+types/onboarding";

export const meta: Route.MetaFunction = () => [{ title: "Add your site · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireScreen(request, null);
  return {
    appUrl: env().APP_URL,
    shopifyApiKey: env().SHOPIFY_API_KEY ?? null,
    stores: await listStoreSummaries(actor),
    canAddStores: actor.permissions.manage_stores,
    takenShops: actor.permissions.manage_stores ? await listTakenShops(actor) : [],
    oauthAvailable: isEmbeddedAppEnabled(),
    oauthAllowed: actor.role === "admin",
  };
}

/**
 * A member without the manage_stores permission cannot add a store: say so, and lead to the stores the
 * member already has rather than claiming there are none.
 */
function MemberWithoutStoreRights({ stores }: { stores: { id: string; name: string }[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          You don't have permission to add stores.
        </Text>
        {stores.length === 0 ? (
          <Text as="p">No stores yet. Ask an administrator of your organization to add one.</Text>
        ) : (
          <BlockStack gap="200" inlineAlign="start">
            <Text as="p">
              Ask an administrator of your organization to add a store, or open one you already have:
            </Text>
            {stores.map((store) => (
              <Link key={store.id} url={`/store/${store.id}/dashboard`}>
                {store.name}
              </Link>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

const STEPS = ["Add Your Site", "Integrate Newsletter", "Install Script", "Verify Installation"];
/** A Shopify store installs through the theme app embed, not a script in its theme code (README). */
const SHOPIFY_STEPS = [
  "Add Your Site",
  "Integrate Newsletter",
  "Turn on the app embed",
  "Verify Installation",
];

/** The theme editor's link for a store just created, from the address the merchant gave. */
function shopEditorUrl(store: Received<StoreView>, apiKey: string | null): string | null {
  const shop = myshopifyDomainOf(store);
  return shop && appEmbedEditorUrl(shop, apiKey);
}

export default function Onboarding({ loaderData }: Route.ComponentProps) {
  const { appUrl, shopifyApiKey, stores, canAddStores, takenShops, oauthAvailable, oauthAllowed } =
    loaderData;
  const navigate = useNavigate();
  const { logOut, loggingOut } = useLogout();
  const [step, setStep] = useState(0);
  const { draft, errors, siteStepRefused, change, creating, checkSiteDetails, create } =
    useStoreDraft(takenShops);
  const [created, setCreated] = useState<Received<StoreView> | null>(null);
  // Without the Shopify app's credentials a Shopify store has no app embed: it installs the script by hand.
  const appEmbed = draft.integrationType === "shopify" && oauthAvailable;
  const steps = appEmbed ? SHOPIFY_STEPS : STEPS;
  // The server refused an address of step 1 (a shop added meanwhile): back there, the field shows why.
  useEffect(() => {
    if (siteStepRefused) setStep(0);
  }, [siteStepRefused]);

  async function createIntegration() {
    // A failure creates nothing: the step stays open to correct it.
    const store = await create();
    if (!store) return;
    setCreated(store);
    setStep(2);
  }

  const body = [
    <SiteDetailsStep key="site" draft={draft} onChange={change} errors={errors} />,
    created ? (
      <Banner key="token" tone="success">
        Your store is created. Continue to install the script.
      </Banner>
    ) : !appEmbed ? (
      <Text key="token" as="p">
        Create the integration to get the script for your site.
      </Text>
    ) : (
      <Text key="token" as="p">
        {SHOPIFY_CONNECT_LATER}
      </Text>
    ),
    created ? (
      <BlockStack key="script" gap="400">
        {created.integrationType === "shopify" && appEmbed ? (
          <>
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                Connect with Shopify
              </Text>
              <ConnectWithShopify storeId={created.id} available={oauthAvailable} allowed={oauthAllowed} />
            </BlockStack>
            <AppEmbedInstructions editorUrl={shopEditorUrl(created, shopifyApiKey)} />
          </>
        ) : (
          <BlockStack gap="300">
            {created.integrationType === "shopify" ? <ShopifyScriptCaveat /> : null}
            <InstallSnippet
              script={installScript(appUrl, created.id, draft.integrationType)}
              siteBuilderHint={created.integrationType !== "shopify"}
            />
          </BlockStack>
        )}
      </BlockStack>
    ) : null,
    <BlockStack key="done" gap="200">
      <Text as="h3" variant="headingMd">
        Welcome aboard!
      </Text>
      <Text as="p">
        Your site should now prompt visitors to subscribe to your newsletter. If it does not, check that the
        {appEmbed
          ? " app embed is on in your theme editor"
          : draft.integrationType === "shopify"
            ? " script is in your theme's layout/theme.liquid"
            : " script is in your site's head"}
        , or contact support.
      </Text>
    </BlockStack>,
  ][step];

  const actions = [
    <Button key="next" variant="primary" onClick={() => checkSiteDetails() && setStep(1)}>
      Next
    </Button>,
    <InlineStack key="create" gap="200">
      <Button onClick={() => setStep(0)}>Back</Button>
      {created ? (
        <Button variant="primary" onClick={() => setStep(2)}>
          Next
        </Button>
      ) : (
        <Button variant="primary" onClick={createIntegration} loading={creating}>
          {creating ? "Creating..." : "Create Integration"}
        </Button>
      )}
    </InlineStack>,
    <InlineStack key="install" gap="200">
      <Button onClick={() => setStep(1)}>Back</Button>
      <Button variant="primary" onClick={() => setStep(3)}>
        Next
      </Button>
    </InlineStack>,
    <Button
      key="finish"
      variant="primary"
      onClick={() => {
        // /dashboard opens the remembered store: the one just added.
        if (created) rememberStore(created.id);
        navigate("/dashboard");
      }}
    >
      Continue To Dashboard
    </Button>,
  ][step];

  return (
    <Frame>
      <Page
        title="Add Your Site"
        subtitle="Create a store and install the newsletter popup"
        primaryAction={{
          content: loggingOut ? "Logging out..." : "Log out",
          onAction: logOut,
          disabled: loggingOut,
        }}
        secondaryActions={
          stores.length > 0 ? (
            <Select
              label="Go to an existing store"
              labelHidden
              placeholder="Go to an existing store"
              options={stores.map((store) => ({ label: store.name, value: store.id }))}
              onChange={(storeId) => navigate(`/store/${storeId}/dashboard`)}
            />
          ) : undefined
        }
      >
        {canAddStores ? (
          <Card>
            <BlockStack gap="500">
              <BlockStack gap="200">
                <Text as="h2" variant="bodySm" tone="subdued">
                  {`Step ${step + 1} of ${steps.length}`}
                </Text>
                <ProgressBar progress={((step + 1) / steps.length) * 100} size="small" tone="primary" />
                <InlineStack gap="400">
                  {steps.map((label, index) => (
                    <Text
                      key={label}
                      as="span"
                      variant="bodySm"
                      fontWeight={index === step ? "bold" : "regular"}
                      tone={index > step ? "subdued" : undefined}
                    >
                      {`${index + 1}. ${label}`}
                    </Text>
                  ))}
                </InlineStack>
              </BlockStack>
              <Box>{body}</Box>
              <InlineStack align="end">{actions}</InlineStack>
            </BlockStack>
          </Card>
        ) : (
          <MemberWithoutStoreRights stores={stores} />
        )}
      </Page>
      <ToastOutlet />
    </Frame>
  );
}
