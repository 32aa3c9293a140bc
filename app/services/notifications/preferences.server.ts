import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { userPreferences } from "~/db/schema";
import type { Preferences } from "~/db/schema/preferences";
import type { PreferencesUpdate, PreferencesView } from "~/lib/schemas/preferences";
import { type Actor, authorize } from "~/services/access/actor.server";
import { preferencesOf } from "~/services/access/preferences.server";
import { notificationAddressChange, requestNotificationAddressConfirmation } from "./address.server";

/** The preferences as the API returns them: the confirmation link's token stays in the database. */
function presentPreferences(row: Preferences): PreferencesView {
  const { notificationEmailToken: _token, notificationEmailTokenExpiry: _expiry, ...shown } = row;
  return shown;
}

/**
 * The signed-in user's notification settings: part of Settings, so they need manage_email_settings. They are
 * a person's own: a linked shop's staff, who act for a store and are nobody's account, have none.
 */
export async function getPreferences(actor: Actor) {
  authorize(actor, "organization");
  authorize(actor, "manage_email_settings");
  return presentPreferences(await preferencesOf(actor.userId));
}

/** Saves the settings; a new notification address waits, pending, until the link mailed to it is used. */
export async function updatePreferences(actor: Actor, changes: PreferencesUpdate) {
  authorize(actor, "organization");
  authorize(actor, "manage_email_settings");
  const current = await preferencesOf(actor.userId);
  const { adminNotificationEmail: requested, ...toggles } = changes;
  const address = requested ? await notificationAddressChange(actor, current, requested) : undefined;
  const [updated] = await db()
    .update(userPreferences)
    .set({ ...toggles, ...address?.columns, updatedAt: new Date() })
    .where(eq(userPreferences.userId, actor.userId))
    .returning();
  if (!updated) throw new Error("Preferences were not updated");
  if (address?.confirm) await requestNotificationAddressConfirmation(actor.userId);
  return presentPreferences(updated);
}
