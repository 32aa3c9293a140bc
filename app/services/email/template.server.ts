import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailTemplates } from "~/db/schema";
import type { EmailTemplatePreview, EmailTemplateUpdate } from "~/lib/schemas/email-template";
import { notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { previewVariables } from "./merge-tags.server";
import { renderWelcomeEmail } from "./render.server";
import { sendTestMessageToSelf } from "./settings.server";

type TemplateRow = typeof emailTemplates.$inferSelect;

async function templateOf(storeId: string): Promise<TemplateRow> {
  const [template] = await db().select().from(emailTemplates).where(eq(emailTemplates.storeId, storeId));
  if (!template) throw notFound("Email template not found");
  return template;
}

/** The postal address of the store's email footer ("" when none is set): a new campaign starts with it. */
export async function storePostalAddress(storeId: string): Promise<string> {
  const [row] = await db()
    .select({ companyAddress: emailTemplates.companyAddress })
    .from(emailTemplates)
    .where(eq(emailTemplates.storeId, storeId));
  return row?.companyAddress ?? "";
}

export async function getEmailTemplate(actor: Actor, storeId: string): Promise<TemplateRow> {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  return templateOf(store.id);
}

/** Applies the fields sent; social links merge with the saved ones. */
export async function updateEmailTemplate(
  actor: Actor,
  storeId: string,
  changes: EmailTemplateUpdate,
): Promise<TemplateRow> {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  const current = await templateOf(store.id);
  const { socialMediaLinks, ...flat } = changes;
  const [updated] = await db()
    .update(emailTemplates)
    .set({
      ...flat,
      ...(socialMediaLinks ? { socialMediaLinks: { ...current.socialMediaLinks, ...socialMediaLinks } } : {}),
      updatedAt: new Date(),
    })
    .where(eq(emailTemplates.id, current.id))
    .returning();
  if (!updated) throw notFound("Email template not found");
  return updated;
}

/** The editor's unsaved fields rendered for a sample subscriber, with the store's own code when given. */
export async function previewEmailTemplate(
  actor: Actor,
  input: EmailTemplatePreview,
): Promise<{ subject: string; html: string }> {
  const { subject, html } = await renderForEditor(actor, input);
  return { subject, html };
}

/** The editor's unsaved template, rendered as the preview shows it, sent to the signed-in person. */
export async function sendTemplateTestEmail(actor: Actor, storeId: string, input: EmailTemplatePreview) {
  const rendered = await renderForEditor(actor, { ...input, storeId });
  return sendTestMessageToSelf(actor, storeId, rendered);
}

async function renderForEditor(actor: Actor, input: EmailTemplatePreview) {
  authorize(actor, "manage_email_settings");
  const { storeId, ...template } = input;
  const store = storeId ? await requireStore(actor, storeId) : null;
  return renderWelcomeEmail(template, await previewVariables(store));
}
