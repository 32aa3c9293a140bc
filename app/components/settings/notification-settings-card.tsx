import { BlockStack, Button, Card, Checkbox, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import type { PreferencesUpdate, PreferencesView } from "~/lib/schemas/preferences";

/** What the card edits: every field PUT accepts. */
type EditedPreferences = Required<PreferencesUpdate>;
type Toggle = Exclude<keyof EditedPreferences, "adminNotificationEmail">;

const toggles: { key: Toggle; label: string; help: string }[] = [
  {
    key: "sendWelcomeEmail",
    label: "Send welcome email",
    help: "New subscribers receive the welcome email with their code",
  },
  {
    key: "enableDoubleOptIn",
    label: "Double opt-in",
    help: "Subscribers confirm their address before the welcome email is sent",
  },
  {
    key: "enableAnalytics",
    label: "Click tracking",
    help: "Links in emails are tracked (with UTM parameters)",
  },
  {
    key: "validateDiscountCode",
    label: "Validate discount code",
    help: "Check in Shopify that the popup's code exists before handing it out",
  },
  {
    key: "notifyOnSubscriptions",
    label: "Notify me of new subscribers",
    help: "At most one email every 5 minutes per store",
  },
  { key: "dailySubscriberSummary", label: "Daily subscriber summary", help: "Every morning at 08:00 UTC" },
  {
    key: "alertOnUnsubscribeRate",
    label: "Alert on unsubscribe rate",
    help: "When 5% or more of a list unsubscribes in one day (at least 5 people)",
  },
];

/** Only the editable fields: the stored row also carries ids and timestamps, which PUT refuses. */
function preferenceFields(row: PreferencesView): EditedPreferences {
  return {
    // The address asked for: saving it again keeps it pending without mailing another link.
    adminNotificationEmail: row.pendingNotificationEmail ?? row.adminNotificationEmail,
    ...(Object.fromEntries(toggles.map(({ key }) => [key, row[key]])) as Record<Toggle, boolean>),
  };
}

/** Where notifications go now, and the address waiting for its confirmation link. */
const addressOf = (row: PreferencesView) => ({
  confirmed: row.adminNotificationEmail,
  pending: row.pendingNotificationEmail ?? null,
});

/** SPEC §2 notification settings: GET/PUT /api/user-preferences. */
export function NotificationSettingsCard({ initial }: { initial: PreferencesView }) {
  const toast = useToast();
  const [saved, setSaved] = useState(() => preferenceFields(initial));
  const [preferences, setPreferences] = useState(saved);
  const [address, setAddress] = useState(() => addressOf(initial));
  const { pending: saving, run } = useAction();

  const save = () =>
    run(async () => {
      const stored = await apiRequest<PreferencesView>("PUT", "/api/user-preferences", preferences);
      setSaved(preferenceFields(stored));
      setPreferences(preferenceFields(stored));
      setAddress(addressOf(stored));
      toast({ title: "Success", message: "Notification settings saved", tone: "success" });
    }, "Failed to save settings");
  useUnsavedChanges(JSON.stringify(preferences) !== JSON.stringify(saved), {
    save,
    discard: () => setPreferences(saved),
  });

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Notification settings
        </Text>
        <TextField
          label="Notification email"
          type="email"
          value={preferences.adminNotificationEmail}
          onChange={(adminNotificationEmail) => setPreferences({ ...preferences, adminNotificationEmail })}
          autoComplete="email"
          helpText={
            address.pending
              ? `Pending confirmation: open the link we emailed to ${address.pending}. Until then notifications go to ${address.confirmed}.`
              : "A new address receives a confirmation link first."
          }
        />
        <BlockStack gap="200">
          {toggles.map(({ key, label, help }) => (
            <Checkbox
              key={key}
              label={label}
              helpText={help}
              checked={preferences[key]}
              onChange={(checked) => setPreferences({ ...preferences, [key]: checked })}
            />
          ))}
        </BlockStack>
        <InlineStack align="end">
          <Button variant="primary" onClick={save} loading={saving}>
            Save notification settings
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

/**
 * In place of the card for a linked shop's staff: the notification and email options are the settings of the
 * store's owner (an account of the organization), changed in the Newsletter Popup dashboard.
 */
export function OwnersNotificationSettings() {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Notification settings
        </Text>
        <Text as="p">
          Notifications, the welcome email and double opt-in follow the settings of this store's owner in your
          organization. They are changed in the Newsletter Popup dashboard.
        </Text>
      </BlockStack>
    </Card>
  );
}
