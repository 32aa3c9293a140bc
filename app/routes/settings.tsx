import { BlockStack, Page } from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { HeldEmailsBanner } from "~/components/held-emails-banner";
import { NoStores } from "~/components/no-stores";
import { SocialLinksCard } from "~/components/popup-builder/social-links-card";
import { BounceWebhookCard } from "~/components/settings/bounce-webhook-card";
import { ConsentSyncToggle } from "~/components/settings/consent-sync-toggle";
import { EmailSettingsCard } from "~/components/settings/email-settings-card";
import { GeneralSettingsCard } from "~/components/settings/general-settings-card";
import {
  NotificationSettingsCard,
  OwnersNotificationSettings,
} from "~/components/settings/notification-settings-card";
import { SendingDomainCard } from "~/components/settings/sending-domain-card";
import { ShopifyRefusedBanner } from "~/components/settings/shopify-refused-banner";
import { ShopifySettingsCard } from "~/components/settings/shopify-settings-card";
import type { StoreSettingsView } from "~/components/settings/store-settings";
import { WelcomeSenderChoice } from "~/components/settings/welcome-sender-choice";
import { StorePicker } from "~/components/store-picker";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { apiRequest } from "~/lib/api-client";
import type { EmailSettingsView } from "~/lib/schemas/email-settings";
import type { HeldEmails } from "~/lib/schemas/held-emails";
import { sectionPath } from "~/lib/store-routing";
import { heldEmails } from "~/services/email/held.server";
import { getEmailSettings } from "~/services/email/settings.server";
import { getPreferences } from "~/services/notifications/preferences.server";
import { shopLinkUrl } from "~/services/shopify/shop-link.server";
import { presentStore, requireStore } from "~/services/stores/crud.server";
import { embeddedAppConfig } from "~/shopify.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store: selected } = await requireStoreScreen(request, params, "manage_email_settings");
  // A linked shop's staff act for its store, not as a person: the notification settings are its owner's.
  const preferences = actor.reach === "organization" ? await getPreferences(actor) : null;
  const shopifyApiKey = embeddedAppConfig()?.apiKey ?? null;
  const oauth = {
    oauthAvailable: shopifyApiKey !== null,
    oauthAllowed: actor.role === "admin",
    shopifyApiKey,
  };
  if (!selected)
    return { store: null, emailSettings: null, held: null, preferences, ...oauth, shopLinkUrl: null };
  const store = presentStore(await requireStore(actor, selected.id));
  const [emailSettings, held, linkUrl] = await Promise.all([
    getEmailSettings(actor, store.id),
    heldEmails(actor, store.id),
    shopLinkUrl(actor),
  ]);
  return { store, emailSettings, held, preferences, ...oauth, shopLinkUrl: linkUrl };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const {
    store,
    emailSettings,
    held,
    preferences,
    oauthAvailable,
    oauthAllowed,
    shopifyApiKey,
    shopLinkUrl,
  } = loaderData;
  const notifications = preferences ? (
    <NotificationSettingsCard initial={preferences} />
  ) : (
    <OwnersNotificationSettings />
  );
  return (
    <Page
      title="Settings"
      subtitle={store ? `Settings for ${store.name}` : "Email, store and notification settings"}
    >
      <BlockStack gap="400">
        {/* From the loader, so that trying again (revalidating) shows the store reconnected. */}
        {store ? <ShopifyRefusedBanner store={store} apiKey={shopifyApiKey} /> : null}
        {store && emailSettings && held ? (
          <StoreSettings
            key={store.id}
            initial={store}
            emailSettings={emailSettings}
            held={held}
            oauthAvailable={oauthAvailable}
            oauthAllowed={oauthAllowed}
            shopLinkUrl={shopLinkUrl}
            notifications={notifications}
          />
        ) : (
          <>
            <NoStores />
            {notifications}
          </>
        )}
      </BlockStack>
    </Page>
  );
}

type StoreSettingsProps = {
  initial: StoreSettingsView;
  emailSettings: EmailSettingsView;
  held: HeldEmails;
  oauthAvailable: boolean;
  oauthAllowed: boolean;
  shopLinkUrl: string | null;
  /** The user's own notification card, placed in SPEC §2 order among the store's cards. */
  notifications: ReactNode;
};

/** The selected store's cards; one copy of the store so every card shows the others' saves. */
function StoreSettings({
  initial,
  emailSettings,
  held: initialHeld,
  oauthAvailable,
  oauthAllowed,
  shopLinkUrl,
  notifications,
}: StoreSettingsProps) {
  const [store, setStore] = useState(initial);
  // A reload of the page's data (trying a refused Shopify connection again) brings the store as it is now.
  const [loaded, setLoaded] = useState(initial);
  if (initial !== loaded) {
    setLoaded(initial);
    setStore(initial);
  }
  const [held, setHeld] = useState(initialHeld);
  // Each save of the email settings checks the sending domain again (a new card, a new check).
  const [emailSaves, setEmailSaves] = useState({ count: 0, fromEmail: emailSettings.fromEmail });
  const revalidator = useRevalidator();
  // Saved email settings may be what the held emails waited for: the banner then offers to send them.
  const readHeld = () =>
    void apiRequest<HeldEmails>("GET", `/api/stores/${store.id}/held-emails`)
      .then(setHeld)
      .catch(() => {});
  return (
    <>
      <StorePicker section="settings" storeId={store.id} />
      <HeldEmailsBanner
        storeId={store.id}
        held={held}
        postalAddressUrl={sectionPath("email-templates", store.id)}
      />
      <EmailSettingsCard
        storeId={store.id}
        initial={emailSettings}
        onSaved={(saved) => {
          readHeld();
          setEmailSaves(({ count }) => ({ count: count + 1, fromEmail: saved.fromEmail }));
        }}
      />
      <SendingDomainCard key={emailSaves.count} storeId={store.id} fromEmail={emailSaves.fromEmail} />
      <BounceWebhookCard storeId={store.id} initial={emailSettings} />
      {/* A typical website has no Shopify shop to connect: its URL is in General settings. */}
      {store.integrationType === "shopify" ? (
        <ShopifySettingsCard
          store={store}
          onSaved={setStore}
          oauthAvailable={oauthAvailable}
          oauthAllowed={oauthAllowed}
          shopLinkUrl={shopLinkUrl}
        >
          <ConsentSyncToggle
            storeId={store.id}
            enabled={store.consentSyncEnabled}
            connected={store.isConnected}
          />
          <WelcomeSenderChoice storeId={store.id} sender={store.welcomeEmailSender} />
        </ShopifySettingsCard>
      ) : null}
      <GeneralSettingsCard
        store={store}
        onSaved={(updated) => {
          setStore(updated);
          // The name also shows in the sidebar's store selector and this page's subtitle: reload them.
          if (updated.name !== store.name) void revalidator.revalidate();
        }}
      />
      {notifications}
      <SocialLinksCard
        storeId={store.id}
        value={store.socialLinks}
        onSaved={(socialLinks) => setStore((current) => ({ ...current, socialLinks }))}
      />
    </>
  );
}
