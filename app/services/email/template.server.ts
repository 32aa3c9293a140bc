import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailTemplates, popupConfigs } from "~/db/schema";
import type { EmailTemplatePreview, EmailTemplateUpdate } from "~/lib/schemas/email-template";
import { env } from "~/server/env.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { notFound } from "~/services/errors.server";
import { requireStore } from "~/services/stores/stores.server";
import { type RenderVariables, renderWelcomeEmail } from "./render.server";
import { sendTestMessageToSelf } from "./settings.server";

type TemplateRow = typeof emailTemplates.$inferSelect;

/** What a preview without a store (or a store without a popup) shows for the code and the shop. */
const SAMPLE_STORE = {
  discountCode: "WELCOME15",
  discountPercentage: 15,
  storeName: "Your Store",
  storeUrl: "https://example.com",
};
const PREVIEW_FIRST_NAME = "Alex";

async function templateOf(storeId: string): Promise<TemplateRow> {
  const [template] = await db().select().from(emailTemplates).where(eq(emailTemplates.storeId, storeId));
  if (!template) throw notFound("Email template not found");
  return template;
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
  let shop: Omit<RenderVariables, "firstName" | "unsubscribeUrl"> = SAMPLE_STORE;
  if (storeId) {
    const store = await requireStore(actor, storeId);
    const [popup] = await db()
      .select({
        discountCode: popupConfigs.discountCode,
        discountPercentage: popupConfigs.discountPercentage,
      })
      .from(popupConfigs)
      .where(eq(popupConfigs.storeId, store.id))
      .orderBy(asc(popupConfigs.createdAt), asc(popupConfigs.id))
      .limit(1);
    shop = {
      discountCode: popup?.discountCode ?? SAMPLE_STORE.discountCode,
      discountPercentage: popup?.discountPercentage ?? SAMPLE_STORE.discountPercentage,
      storeName: store.name,
      storeUrl: store.customDomain || store.shopifyUrl,
    };
  }
  const vars: RenderVariables = {
    ...shop,
    firstName: PREVIEW_FIRST_NAME,
    unsubscribeUrl: `${env().APP_URL}/u/preview`,
  };
  return renderWelcomeEmail(template, vars);
}
