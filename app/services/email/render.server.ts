/**
 * The welcome email a new subscriber receives, built from the store's template (SPEC §2 Email Templates):
 * the shared frame (frame.server.ts) around the template's body, the discount code and a
 * "Shop now" button.
 */
import { emailWordsIn } from "~/lib/languages/email-words";
import type { TemplateContent } from "~/lib/schemas/email-template";
import {
  type BodyKit,
  button,
  codeLabel,
  codeText,
  discountCodeBox,
  type EmailBody,
  paragraphStyle,
  paragraphsHtml,
  paragraphsText,
  type RenderedEmail,
  renderInFrame,
  row,
  shopUrl,
  socialLinks,
} from "./frame.server";
import { type Piece, type RenderVariables, subjectLine, textParagraphs } from "./merge-tags.server";

function urlsIn(paragraphs: Piece[][]): string[] {
  return paragraphs.flatMap((pieces) => pieces.flatMap((piece) => ("url" in piece ? [piece.url] : [])));
}

/** Every distinct URL the email links to (for click tracking); the unsubscribe link is not one of them. */
export function linksIn(template: TemplateContent, vars: RenderVariables): string[] {
  const cta = shopUrl(template, vars);
  const inBody = urlsIn(textParagraphs(template.bodyContent, vars));
  return [...new Set([...(cta ? [cta] : []), ...socialLinks(template).map((link) => link.url), ...inBody])];
}

/** The template's body, the code in its box, then "Shop now" when the shop has an address. */
function welcomeBody(template: TemplateContent, kit: BodyKit): EmailBody {
  const paragraphs = textParagraphs(template.bodyContent, kit.vars);
  const cta = shopUrl(template, kit.vars);
  const { shopNow } = emailWordsIn(kit.vars.language);
  const rows = [
    row(
      paragraphsHtml(kit, paragraphs, paragraphStyle),
      "padding:32px 32px 8px 32px;background-color:#ffffff;",
    ),
    // A wheel's "no prize" subscriber has no code to show.
    ...(kit.vars.discountCode
      ? [row(discountCodeBox(kit), "padding:8px 32px 24px 32px;background-color:#ffffff;")]
      : []),
  ];
  if (cta) {
    rows.push(
      row(button(kit, cta, shopNow), "padding:0 32px 32px 32px;text-align:center;background-color:#ffffff;"),
    );
  }
  return {
    rows,
    text: [
      paragraphsText(kit, paragraphs),
      kit.vars.discountCode ? codeText(kit.vars) : "",
      cta ? `${shopNow}: ${kit.tracked(cta)}` : "",
    ],
  };
}

export function renderWelcomeEmail(
  template: TemplateContent,
  vars: RenderVariables,
  rewriteLink?: (url: string) => string,
): RenderedEmail {
  const envelope = {
    subject: subjectLine(template.subject, vars),
    preheader: vars.discountCode
      ? `${codeLabel(vars)}: ${vars.discountCode}`
      : subjectLine(template.subject, vars),
  };
  return renderInFrame(template, vars, envelope, (kit) => welcomeBody(template, kit), rewriteLink);
}
