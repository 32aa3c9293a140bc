import { emailWordsIn } from "~/lib/languages/email-words";
import { escapeHtml } from "../../../popup/sanitize";
import { bulletproofButton } from "./bulletproof-button.server";
import { deliverOnce } from "./deliver-once.server";
import { confirmUrl } from "./links.server";
import type { MailContext } from "./mail-context.server";

/**
 * The double opt-in request of `store` in `language` (the app's words: docs/decisions/196), its button in the
 * template's primary colour (when a valid one).
 */
export function confirmationEmail(store: string, link: string, primaryColor: string, language: string) {
  const color = /^#[0-9a-f]{6}$/i.test(primaryColor) ? primaryColor : "#0071b9";
  const words = emailWordsIn(language);
  const naming = (text: string, name: string) => text.replace("{store}", () => name);
  const subject = naming(words.confirmSubject, store);
  return {
    subject,
    text: `${naming(words.confirmIntro, store)}\n${link}\n\n${words.confirmIgnore}`,
    html: `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,sans-serif;color:#202223">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px">
<p style="font-size:18px;margin:0 0 16px">${naming(escapeHtml(words.confirmSubject), escapeHtml(store))}.</p>
<div style="margin:0 0 24px">${bulletproofButton({ href: link, label: words.confirmButton, color, align: "left" })}</div>
<p style="font-size:13px;color:#6d7175;margin:0">${escapeHtml(words.confirmIgnore)}</p>
</td></tr></table></td></tr></table></body></html>`,
  };
}

/**
 * Renders the double opt-in request (the welcome email with the code follows confirmation) and delivers
 * it once; `again` sends a copy to a subscriber who already had it. Whether it should go at all is
 * decided by the subscription flow (services/subscribers/after-subscribe.server.ts).
 */
export async function deliverConfirmationEmail(
  context: MailContext,
  { again = false }: { again?: boolean } = {},
): Promise<void> {
  const link = confirmUrl(context.subscriber.id);
  const message = confirmationEmail(
    context.store.name,
    link,
    context.template.primaryColor,
    context.languages.subscriber,
  );
  await deliverOnce(context, "confirmation", async () => message, { again });
}
