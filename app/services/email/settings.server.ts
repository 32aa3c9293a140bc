import { createPrivateKey } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { db } from "~/db/client.server";
import { emailSettings } from "~/db/schema";
import type { Permission } from "~/lib/permissions";
import { EMAIL_EVENTS_PROVIDERS } from "~/lib/schemas/email-events";
import type { EmailSettingsUpdate, EmailSettingsView } from "~/lib/schemas/email-settings";
import { decryptSecret, encryptSecret, STORED_PASSWORD_MASK } from "~/server/crypto.server";
import { DomainError, invalid, notFound, upstreamFailed } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { privateHostRefusal } from "~/server/network-guard.server";
import { consumeAll, type RateRule } from "~/server/rate-limit.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { checkSendingDomain } from "./sending-domain.server";
import { sendStoreMail } from "./store-mailer.server";
import { webhookSecretProblem } from "./webhook-secrets.server";

/**
 * Each test email opens a connection to a host the merchant typed: a few per store, and per person
 * across stores, are plenty to get the settings right, and keep the button from probing hosts or ports.
 */
const testEmailsPerStore: RateRule = {
  name: "test-email-store",
  limit: 5,
  windowMs: 15 * 60_000,
  message: "Too many test emails for this store. Please try again in 15 minutes.",
};
const testEmailsPerUser: RateRule = {
  ...testEmailsPerStore,
  name: "test-email-user",
  limit: 10,
  message: "You have sent too many test emails. Please try again in 15 minutes.",
};

/**
 * Each domain check sends three DNS questions (twice each when unanswered) about a domain the member
 * chose: enough checks per store, and per person across stores, for a merchant waiting on a DNS change
 * (the card checks once when shown, then on "Check again"), never a way to make the server query in bulk.
 */
const domainChecksPerStore: RateRule = {
  name: "domain-check-store",
  limit: 10,
  windowMs: 15 * 60_000,
  message: "Too many checks of this store's sending domain. Please try again in 15 minutes.",
};
const domainChecksPerUser: RateRule = {
  ...domainChecksPerStore,
  name: "domain-check-user",
  limit: 30,
  message: "You have checked sending domains too many times. Please try again in 15 minutes.",
};

type SettingsRow = typeof emailSettings.$inferSelect;

/** The settings as the API returns them: whether a password is set, never any of it or its ciphertext. */
function present(row: SettingsRow): EmailSettingsView {
  return {
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpUsername: row.smtpUsername,
    smtpPassword: row.smtpPassword ? STORED_PASSWORD_MASK : "",
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    dkimSelector: row.dkimSelector,
    dkimPrivateKey: row.dkimPrivateKey ? STORED_PASSWORD_MASK : "",
    isConfigured: row.isConfigured,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    eventsProvider: row.eventsProvider,
    eventsSecret: row.eventsSecret ? STORED_PASSWORD_MASK : "",
    eventsUrl: new URL(`/webhooks/email-events/${row.storeId}`, env().APP_URL).href,
  };
}

/** Whether saving `changes` over `current` changes anything a send depends on (a new secret always does). */
function changesAnything(current: SettingsRow, changes: EmailSettingsUpdate): boolean {
  const { smtpPassword, dkimPrivateKey, eventsProvider: _provider, eventsSecret: _secret, ...rest } = changes;
  if (smtpPassword || dkimPrivateKey) return true;
  if (dkimPrivateKey === null && current.dkimPrivateKey) return true;
  return Object.entries(rest).some(
    ([field, value]) => value !== undefined && (current[field as keyof SettingsRow] ?? "") !== value,
  );
}

async function settingsOf(storeId: string): Promise<SettingsRow> {
  const [row] = await db().select().from(emailSettings).where(eq(emailSettings.storeId, storeId));
  if (!row) throw notFound("Email settings not found");
  return row;
}

export async function getEmailSettings(actor: Actor, storeId: string) {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  return present(await settingsOf(store.id));
}

/**
 * Saves the settings; configured once a host, a port and a sender address are set, verified only by the
 * next successful test email.
 */
export async function updateEmailSettings(actor: Actor, storeId: string, changes: EmailSettingsUpdate) {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  const current = await settingsOf(store.id);
  if (changes.smtpHost) await assertSmtpHostAllowed(changes.smtpHost);
  assertEventsWebhook(current, changes);
  if (changes.dkimPrivateKey) assertPrivateKey(changes.dkimPrivateKey);
  const { smtpPassword, eventsSecret, dkimPrivateKey, ...rest } = changes;
  const next = { ...current, ...rest };
  const [updated] = await db()
    .update(emailSettings)
    .set({
      ...rest,
      ...(smtpPassword ? { smtpPassword: encryptSecret(smtpPassword) } : {}),
      ...(eventsSecret ? { eventsSecret: encryptSecret(eventsSecret) } : {}),
      ...(changes.eventsProvider === null ? { eventsSecret: null } : {}),
      ...(dkimPrivateKey ? { dkimPrivateKey: encryptSecret(dkimPrivateKey.trim()) } : {}),
      ...(dkimPrivateKey === null ? { dkimPrivateKey: null } : {}),
      isConfigured: Boolean(next.smtpHost && next.smtpPort && next.fromEmail),
      // A changed setting has not been tried yet: "Configured" waits for the next successful test email.
      ...(changesAnything(current, changes) ? { verifiedAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(emailSettings.id, current.id))
    .returning();
  if (!updated) throw notFound("Email settings not found");
  return present(updated);
}

/** A provider needs its secret (docs/decisions/174), in the form the provider gives it. */
function assertEventsWebhook(current: SettingsRow, changes: EmailSettingsUpdate): void {
  const provider = changes.eventsProvider === undefined ? current.eventsProvider : changes.eventsProvider;
  if (!provider) return;
  const providerChanged =
    changes.eventsProvider !== undefined && changes.eventsProvider !== current.eventsProvider;
  if (!changes.eventsSecret && (providerChanged || !current.eventsSecret)) {
    const message = `Enter the ${EMAIL_EVENTS_PROVIDERS[provider].secretLabel}`;
    throw invalid(message, { eventsSecret: [message] });
  }
  const problem = changes.eventsSecret && webhookSecretProblem(provider, changes.eventsSecret);
  if (problem) throw invalid(problem, { eventsSecret: [problem] });
}

/** The From domain's SPF, DKIM and DMARC records, each found or missing with the record to add. */
export async function checkEmailDomain(actor: Actor, storeId: string) {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  const settings = await settingsOf(store.id);
  if (!settings.fromEmail) throw invalid("Save a from email first: its domain is the one checked");
  await consumeAll([
    [domainChecksPerStore, store.id],
    [domainChecksPerUser, actor.userId],
  ]);
  return checkSendingDomain({
    fromEmail: settings.fromEmail,
    smtpHost: settings.smtpHost,
    dkimSelector: settings.dkimSelector,
    dkimPrivateKey: settings.dkimPrivateKey ? decryptSecret(settings.dkimPrivateKey) : null,
  });
}

/** A key nodemailer could not sign with is refused when saved, not at the first send. */
function assertPrivateKey(pem: string): void {
  try {
    createPrivateKey(pem.trim());
  } catch {
    const message = "Paste the private key in PEM form, from -----BEGIN PRIVATE KEY----- to the END line";
    throw invalid(message, { dkimPrivateKey: [message] });
  }
}

/** A host inside our network is refused when saved, not at the first send ("Configured", then failing). */
async function assertSmtpHostAllowed(host: string): Promise<void> {
  const refusal = await privateHostRefusal(host);
  if (refusal) throw invalid(refusal, { smtpHost: [refusal] });
}

type TestMessage = { subject: string; text: string; html?: string; from?: SendMailOptions["from"] };

/**
 * Really connects to the store's SMTP server and sends a short message to `to` (Settings asks, offering the
 * person's own address), or to the signed-in person; answers with the server's reply.
 */
export async function sendTestEmail(actor: Actor, storeId: string, to: string | undefined) {
  return sendTestMessage(actor, storeId, "manage_email_settings", (store) => ({
    // The person asking reads the result: the from address may be an inbox nobody watches.
    to: to ?? actor.email,
    subject: `Test email from ${store.name}`,
    text: `This is a test email from Newsletter Popup. Your SMTP settings for ${store.name} work.`,
  }));
}

/**
 * Sends `message` (the template editor's rendered welcome email) to the signed-in person through the
 * store's SMTP server, under the same limits as "Send test email".
 */
export async function sendTestMessageToSelf(actor: Actor, storeId: string, message: TestMessage) {
  return sendTestMessage(actor, storeId, "manage_email_settings", () => ({ ...message, to: actor.email }));
}

/**
 * One message through the store's SMTP server, as `permission` allows (the settings' and template's test
 * emails, a campaign's test send), under the test-email rate limits.
 */
export async function sendTestMessage(
  actor: Actor,
  storeId: string,
  permission: Permission,
  compose: (store: { name: string }, settings: SettingsRow) => TestMessage & { to: string },
) {
  authorize(actor, permission);
  const store = await requireStore(actor, storeId);
  const settings = await settingsOf(store.id);
  if (!settings.isConfigured) throw invalid("Save the SMTP host, port and from email first");
  await consumeAll([
    [testEmailsPerStore, store.id],
    [testEmailsPerUser, actor.userId],
  ]);
  const message = compose(store, settings);
  try {
    const { response } = await sendStoreMail(settings, message);
    const verifiedAt = await markTested(settings, new Date());
    return {
      message: `Test email sent to ${message.to}. The server answered: ${response}`,
      verifiedAt: verifiedAt?.toISOString() ?? null,
    };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    await markTested(settings, null);
    throw upstreamFailed(`The SMTP server refused the test email: ${(error as Error).message}`);
  }
}

/**
 * Records a test's outcome on the settings it used: unless they were saved again meanwhile (then the
 * newer settings stay untested).
 */
async function markTested(tested: SettingsRow, verifiedAt: Date | null): Promise<Date | null> {
  const [row] = await db()
    .update(emailSettings)
    .set({ verifiedAt })
    // updated_at keeps microseconds, a Date milliseconds: "not saved since" is "before the next millisecond".
    .where(
      and(
        eq(emailSettings.id, tested.id),
        lt(emailSettings.updatedAt, new Date(tested.updatedAt.getTime() + 1)),
      ),
    )
    .returning({ verifiedAt: emailSettings.verifiedAt });
  return row?.verifiedAt ?? null;
}
