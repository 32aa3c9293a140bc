/**
 * What every email the store sends shares: its frame (head, hidden preheader, logo, header, social links,
 * footer with the unsubscribe link, the plain-text part) and the pieces its body is drawn with. The
 * welcome email (render.server.ts) and a campaign (services/campaigns/render.server.ts) differ only in their body rows.
 *
 * Pure string code: the previews, the workers that send and the tests all call it. Everything a merchant
 * or subscriber typed is escaped; colours and URLs are checked before they reach an attribute. Mail clients
 * ignore most CSS, so the layout is tables with inline styles; the document around them (document.server.ts)
 * adds the phone and dark styles and Outlook's conditionals. Every px line-height comes after
 * `mso-line-height-rule:exactly`, or Outlook on Windows reads it as a minimum.
 */
import { linkableUrl } from "~/lib/email-links";
import { emailWordsIn } from "~/lib/languages/email-words";
import { codeLabelOf } from "~/lib/languages/offer-words";
import {
  defaultEmailTemplate,
  type EmailFrame,
  type TemplateSocialLinks,
} from "~/lib/schemas/email-template";
import { escapeHtml } from "../../../popup/sanitize";
import { bulletproofButton } from "./bulletproof-button.server";
import { emailDocument, LIGHT, THEMED } from "./document.server";
import { fillUnderWhite, TEXT_ON_FILL } from "./fill-colors.server";
import { offerOfVariables, type Piece, type RenderVariables, withPlaceholders } from "./merge-tags.server";

export type RenderedEmail = { subject: string; html: string; text: string };

/** SPEC §9 template colours, used when a stored colour is not a #rrggbb value. */
const DEFAULT_PRIMARY_COLOR = defaultEmailTemplate.primaryColor;
const DEFAULT_SECONDARY_COLOR = defaultEmailTemplate.secondaryColor;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

const socialLabels: Record<keyof TemplateSocialLinks, string> = {
  website: "Website",
  linkedin: "LinkedIn",
  twitter: "Twitter",
  facebook: "Facebook",
  instagram: "Instagram",
};
const socialOrder = ["website", "linkedin", "twitter", "facebook", "instagram"] as const;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const RULE_COLOR = "#e3e3e3";

function colorOr(value: string, fallback: string): string {
  return HEX_COLOR.test(value) ? value.toLowerCase() : fallback;
}

/** Where "Shop now" goes: the frame's Website link, else the store's own URL (null: nowhere). */
export function shopUrl(frame: EmailFrame, vars: RenderVariables): string | null {
  return linkableUrl(frame.socialMediaLinks.website) ?? linkableUrl(vars.storeUrl);
}

export function socialLinks(frame: EmailFrame): { label: string; url: string }[] {
  return socialOrder.flatMap((network) => {
    const url = linkableUrl(frame.socialMediaLinks[network]);
    return url ? [{ label: socialLabels[network], url }] : [];
  });
}

/** Merchant text as HTML: escaped, line breaks kept. */
function withBreaks(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>");
}

function multiline(text: string): string {
  return withBreaks(text.trim());
}

/** A row of the card; `className` themes it (the card's own background unless told). */
export function row(content: string, style: string, className = `np-pad ${THEMED.card}`): string {
  return `<tr><td class="${className}" style="${style}">${content}</td></tr>`;
}

/** The frame's colours, checked; `primary` colours links, the fills carry white text (fill-colors.server.ts). */
type Palette = { primary: string; secondary: string; primaryFill: string; secondaryFill: string };

/** What a body is drawn with: the colours, the merge-tag values and links that go through click tracking. */
export type BodyKit = {
  palette: Palette;
  vars: RenderVariables;
  /** The address a link goes to in this message (its tracked one, when tracking rewrote it). */
  tracked: (url: string) => string;
  /** An <a> around escaped `label`. */
  link: (url: string, label: string, style: string) => string;
};

/** The rows between the header and the social links, and their plain-text parts (empty ones are dropped). */
export type EmailBody = { rows: string[]; text: string[] };

/** Paragraphs as <p> elements, their URLs as links in the primary colour. */
export function paragraphsHtml(kit: BodyKit, paragraphs: Piece[][], style: string): string {
  return paragraphs
    .map((pieces) => {
      const inner = pieces
        .map((piece) =>
          "url" in piece
            ? kit.link(
                piece.url,
                piece.url,
                `color:${kit.palette.primary};text-decoration:underline;word-wrap:break-word;`,
              )
            : withBreaks(piece.text),
        )
        .join("");
      return `<p class="${THEMED.text}" style="${style}">${inner}</p>`;
    })
    .join("");
}

/** Paragraphs as plain text, each URL as the message links it. */
export function paragraphsText(kit: BodyKit, paragraphs: Piece[][]): string {
  return paragraphs
    .map((pieces) =>
      pieces
        .map((piece) => ("url" in piece ? kit.tracked(piece.url) : piece.text))
        .join("")
        .trim(),
    )
    .join("\n\n");
}

export const paragraphStyle = `margin:0 0 16px 0;font-family:${FONT};font-size:16px;mso-line-height-rule:exactly;line-height:24px;color:${LIGHT.text};`;

/** "Your 15% discount code" ("Your €10 discount code", "Your free shipping code"), above the code in its box and before it in the text part. */
export function codeLabel(vars: RenderVariables): string {
  return codeLabelOf(offerOfVariables(vars), vars.currency ?? "USD", vars.language ?? "en");
}

/** The code in the text part: "Your 15% discount code: WELCOME15", its conditions on the next line. */
export function codeText(vars: RenderVariables): string {
  const line = `${codeLabel(vars)}: ${vars.discountCode}`;
  return vars.conditions ? `${line}\n${vars.conditions}` : line;
}

/** The subscriber's code in a box of the secondary colour (a shade white text reads on), its conditions under it. */
export function discountCodeBox(kit: BodyKit): string {
  const fill = kit.palette.secondaryFill;
  const conditions = kit.vars.conditions
    ? `<p class="${THEMED.onFill}" style="margin:8px 0 0 0;font-family:${FONT};font-size:13px;mso-line-height-rule:exactly;line-height:18px;color:${TEXT_ON_FILL};">${escapeHtml(kit.vars.conditions)}</p>`
    : "";
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;"><tr><td align="center" bgcolor="${fill}" style="padding:20px 16px;text-align:center;background-color:${fill};border-radius:8px;">` +
    `<p class="${THEMED.onFill}" style="margin:0 0 8px 0;font-family:${FONT};font-size:14px;mso-line-height-rule:exactly;line-height:20px;letter-spacing:0.5px;text-transform:uppercase;color:${TEXT_ON_FILL};">${escapeHtml(codeLabel(kit.vars))}</p>` +
    `<p class="np-code ${THEMED.onFill}" style="margin:0;font-family:'Courier New', Courier, monospace;font-size:30px;mso-line-height-rule:exactly;line-height:38px;font-weight:700;letter-spacing:3px;color:${TEXT_ON_FILL};word-wrap:break-word;">${escapeHtml(kit.vars.discountCode)}</p>` +
    conditions +
    `</td></tr></table>`
  );
}

/** A centred button in the primary colour: a link to `url`, or (no usable URL) the label alone. */
export function button(kit: BodyKit, url: string | null, label: string): string {
  return bulletproofButton({ href: url ? kit.tracked(url) : null, label, color: kit.palette.primary });
}

/** The head of a message: its subject (merge tags filled) and the hidden preheader inbox lists show. */
export type Envelope = { subject: string; preheader: string };

/**
 * The whole email: `body` draws the rows between the header and the social links. Each link goes through
 * `rewriteLink` once (click tracking); the unsubscribe link never does.
 */
export function renderInFrame(
  frame: EmailFrame,
  vars: RenderVariables,
  envelope: Envelope,
  body: (kit: BodyKit) => EmailBody,
  rewriteLink: (url: string) => string = (url) => url,
): RenderedEmail {
  const rewritten = new Map<string, string>();
  const tracked = (url: string) => {
    const known = rewritten.get(url);
    if (known !== undefined) return known;
    const next = rewriteLink(url);
    rewritten.set(url, next);
    return next;
  };
  const primary = colorOr(frame.primaryColor, DEFAULT_PRIMARY_COLOR);
  const secondary = colorOr(frame.secondaryColor, DEFAULT_SECONDARY_COLOR);
  const palette: Palette = {
    primary,
    secondary,
    primaryFill: fillUnderWhite(primary),
    secondaryFill: fillUnderWhite(secondary),
  };
  const link = (url: string, label: string, style: string) =>
    `<a href="${escapeHtml(tracked(url))}" target="_blank" style="${style}">${escapeHtml(label)}</a>`;

  const { subject, preheader } = envelope;
  const headerText = withPlaceholders(frame.headerText, vars).trim();
  const footerText = withPlaceholders(frame.footerText, vars).trim();
  const footerNote = withPlaceholders(frame.footerNote, vars).trim();
  const address = frame.companyAddress.trim();
  const logo = linkableUrl(frame.headerLogo, ["https:"]);
  const social = socialLinks(frame);
  const unsubscribe = vars.unsubscribeUrl;
  const words = emailWordsIn(vars.language);
  const content = body({ palette, vars, tracked, link });

  const rows: string[] = [];
  if (logo) {
    rows.push(
      row(
        `<img src="${escapeHtml(logo)}" alt="${escapeHtml(vars.storeName)}" width="160" style="display:block;margin:0 auto;width:160px;max-width:100%;height:auto;border:0;outline:none;text-decoration:none;">`,
        "padding:24px 32px 16px 32px;text-align:center;background-color:#ffffff;",
      ),
    );
  }
  if (headerText) {
    rows.push(
      row(
        `<h1 class="${THEMED.onFill}" style="margin:0;font-family:${FONT};font-size:26px;mso-line-height-rule:exactly;line-height:34px;font-weight:700;color:${TEXT_ON_FILL};">${multiline(headerText)}</h1>`,
        `padding:32px;text-align:center;background-color:${palette.primaryFill};`,
        "np-pad",
      ),
    );
  }
  rows.push(...content.rows);
  if (social.length > 0) {
    const items = social
      .map((item) =>
        link(
          item.url,
          item.label,
          `color:${primary};text-decoration:none;font-weight:600;white-space:nowrap;`,
        ),
      )
      .join(
        `<span class="${THEMED.muted}" style="color:${LIGHT.muted};">&nbsp;&nbsp;&middot;&nbsp;&nbsp;</span>`,
      );
    rows.push(
      row(
        `<p style="margin:0;font-family:${FONT};font-size:14px;mso-line-height-rule:exactly;line-height:22px;">${items}</p>`,
        `padding:16px 32px;text-align:center;background-color:#ffffff;border-top:1px solid ${RULE_COLOR};`,
      ),
    );
  }
  const smallStyle = `margin:0 0 8px 0;font-family:${FONT};font-size:12px;mso-line-height-rule:exactly;line-height:18px;color:${LIGHT.muted};`;
  const muted = `class="${THEMED.muted}" style="${smallStyle}`;
  const footerParts = [
    footerText
      ? `<p class="${THEMED.text}" style="${smallStyle}font-size:14px;color:${LIGHT.text};">${multiline(footerText)}</p>`
      : "",
    footerNote ? `<p ${muted}">${multiline(footerNote)}</p>` : "",
    address ? `<p ${muted}">${multiline(address)}</p>` : "",
    `<p style="${smallStyle}margin:0;"><a href="${escapeHtml(unsubscribe)}" class="${THEMED.muted}" target="_blank" style="color:${LIGHT.muted};text-decoration:underline;">${escapeHtml(words.unsubscribe)}</a></p>`,
  ];
  rows.push(
    row(
      footerParts.join(""),
      `padding:24px 32px;text-align:center;background-color:${LIGHT.page};`,
      `np-pad ${THEMED.page}`,
    ),
  );

  const html = emailDocument(subject, preheader, rows);

  const text = [
    headerText,
    ...content.text,
    social.map((item) => `${item.label}: ${tracked(item.url)}`).join("\n"),
    [footerText, footerNote, address].filter(Boolean).join("\n\n"),
    `${words.unsubscribe}: ${unsubscribe}`,
  ]
    .filter((part) => part.length > 0)
    .join("\n\n");

  return { subject, html, text: `${text}\n` };
}
