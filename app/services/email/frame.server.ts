/**
 * What every email the store sends shares: its frame (head, hidden preheader, logo, header, social links,
 * footer with the unsubscribe link, the plain-text part) and the pieces its body is drawn with. The
 * welcome email (render.server.ts) and a campaign (services/campaigns/render.server.ts) differ only in their body rows.
 *
 * Pure string code: the previews, the workers that send and the tests all call it. Everything a merchant
 * or subscriber typed is escaped; colours and URLs are checked before they reach an attribute. Mail clients
 * ignore most CSS, so the layout is tables with inline styles, and the one <style> block only narrows the
 * padding on phones (clients that drop it still get a fluid, max 600 px wide email).
 */
import { linkableUrl } from "~/lib/email-links";
import {
  defaultEmailTemplate,
  type EmailFrame,
  type TemplateSocialLinks,
} from "~/lib/schemas/email-template";
import { escapeHtml } from "../../../popup/sanitize";
import { type Piece, type RenderVariables, withPlaceholders } from "./merge-tags.server";

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
const PAGE_BACKGROUND = "#f4f5f7";
const TEXT_COLOR = "#303030";
const MUTED_COLOR = "#6d7175";
export const RULE_COLOR = "#e3e3e3";

function colorOr(value: string, fallback: string): string {
  return HEX_COLOR.test(value) ? value.toLowerCase() : fallback;
}

/** White or near-black, whichever reads better on `background` (WCAG relative luminance). */
function textColorOn(background: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? "#1a1a1a" : "#ffffff";
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

export function row(content: string, style: string, className = "np-pad"): string {
  return `<tr><td class="${className}" style="${style}">${content}</td></tr>`;
}

/** The frame's colours, checked, with the text colour that reads on each. */
type Palette = { primary: string; secondary: string; onPrimary: string; onSecondary: string };

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
                `color:${kit.palette.primary};text-decoration:underline;overflow-wrap:break-word;word-wrap:break-word;`,
              )
            : withBreaks(piece.text),
        )
        .join("");
      return `<p style="${style}">${inner}</p>`;
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

export const paragraphStyle = `margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${TEXT_COLOR};`;

/** "Your 15% discount code", above the code in its box and before it in the text part. */
export function codeLabel(vars: RenderVariables): string {
  return `Your ${vars.discountPercentage}% discount code`;
}

/** The subscriber's code in a box of the secondary colour. */
export function discountCodeBox(kit: BodyKit): string {
  const { secondary, onSecondary } = kit.palette;
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;"><tr><td style="padding:20px 16px;text-align:center;background-color:${secondary};border-radius:8px;">` +
    `<p style="margin:0 0 8px 0;font-family:${FONT};font-size:14px;line-height:20px;letter-spacing:0.5px;text-transform:uppercase;color:${onSecondary};">${escapeHtml(codeLabel(kit.vars))}</p>` +
    `<p class="np-code" style="margin:0;font-family:'Courier New', Courier, monospace;font-size:30px;line-height:38px;font-weight:700;letter-spacing:3px;color:${onSecondary};overflow-wrap:break-word;word-wrap:break-word;">${escapeHtml(kit.vars.discountCode)}</p>` +
    `</td></tr></table>`
  );
}

/** A centred button in the primary colour: a link to `url`, or (no usable URL) the label alone. */
export function button(kit: BodyKit, url: string | null, label: string): string {
  const { primary, onPrimary } = kit.palette;
  const style = `display:inline-block;padding:14px 32px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:700;color:${onPrimary};text-decoration:none;border-radius:6px;`;
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center" style="margin:0 auto;"><tr><td style="border-radius:6px;background-color:${primary};">` +
    (url ? kit.link(url, label, style) : `<span style="${style}">${escapeHtml(label)}</span>`) +
    `</td></tr></table>`
  );
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
    onPrimary: textColorOn(primary),
    onSecondary: textColorOn(secondary),
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
        `<h1 style="margin:0;font-family:${FONT};font-size:26px;line-height:34px;font-weight:700;color:${palette.onPrimary};">${multiline(headerText)}</h1>`,
        `padding:32px;text-align:center;background-color:${primary};`,
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
      .join(`<span style="color:${MUTED_COLOR};">&nbsp;&nbsp;&middot;&nbsp;&nbsp;</span>`);
    rows.push(
      row(
        `<p style="margin:0;font-family:${FONT};font-size:14px;line-height:22px;">${items}</p>`,
        `padding:16px 32px;text-align:center;background-color:#ffffff;border-top:1px solid ${RULE_COLOR};`,
      ),
    );
  }
  const smallStyle = `margin:0 0 8px 0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED_COLOR};`;
  const footerParts = [
    footerText
      ? `<p style="${smallStyle}font-size:14px;color:${TEXT_COLOR};">${multiline(footerText)}</p>`
      : "",
    footerNote ? `<p style="${smallStyle}">${multiline(footerNote)}</p>` : "",
    address ? `<p style="${smallStyle}">${multiline(address)}</p>` : "",
    `<p style="${smallStyle}margin:0;"><a href="${escapeHtml(unsubscribe)}" target="_blank" style="color:${MUTED_COLOR};text-decoration:underline;">Unsubscribe</a></p>`,
  ];
  rows.push(
    row(footerParts.join(""), `padding:24px 32px;text-align:center;background-color:${PAGE_BACKGROUND};`),
  );

  // An empty preheader is left out: inbox lists then show the email's first words.
  const hiddenPreheader = preheader
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(preheader)}</div>\n`
    : "";
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(subject)}</title>
<style>
@media only screen and (max-width: 620px) {
  .np-outer { padding: 0 !important; }
  .np-pad { padding-left: 20px !important; padding-right: 20px !important; }
  .np-code { font-size: 24px !important; letter-spacing: 2px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${PAGE_BACKGROUND};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;">
${hiddenPreheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE_BACKGROUND};">
<tr><td class="np-outer" align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-collapse:collapse;">
${rows.join("\n")}
</table>
</td></tr>
</table>
</body>
</html>
`;

  const text = [
    headerText,
    ...content.text,
    social.map((item) => `${item.label}: ${tracked(item.url)}`).join("\n"),
    [footerText, footerNote, address].filter(Boolean).join("\n\n"),
    `Unsubscribe: ${unsubscribe}`,
  ]
    .filter((part) => part.length > 0)
    .join("\n\n");

  return { subject, html, text: `${text}\n` };
}
