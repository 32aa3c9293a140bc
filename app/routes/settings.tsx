import { BlockStack, Page } from "@shopify/polaris";
import { NoStores } from "~/components/no-stores";
import { EmailSettingsCard } from "~/components/settings/email-settings-card";
import { NotificationSettingsCard } from "~/components/settings/notification-settings-card";
import { StorePicker } from "~/components/store-picker";
import { getEmailSettings } from "~/services/email-settings.server";
import { getPreferences } from "~/services/preferences.server";
import { storeForScreen } from "~/services/screen-store.server";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireScreen(request, "manage_email_settings");
  const store = await storeForScreen(actor, request, params.storeId);
  const preferences = await getPreferences(actor);
  if (!store) return { store: null, emailSettings: null, preferences };
  return { store, emailSettings: await getEmailSettings(actor, store.id), preferences };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { store, emailSettings, preferences } = loaderData;
  return (
    <Page
      title="Settings"
      subtitle={store ? `Settings for ${store.name}` : "Email, store and notification settings"}
    >
      <BlockStack gap="400">
        {store && emailSettings ? (
          <>
            <StorePicker section="settings" storeId={store.id} />
            <EmailSettingsCard key={store.id} storeId={store.id} initial={emailSettings} />
          </>
        ) : (
          <NoStores />
        )}
        <NotificationSettingsCard initial={preferences} />
      </BlockStack>
    </Page>
  );
}
