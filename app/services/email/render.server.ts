/**
 * The welcome email a new subscriber receives, built from the store's template (SPEC §2 Email Templates).
 *
 * Pure string code: the preview, the worker that sends the email and the tests all call it. Everything a
 * merchant or subscriber typed is escaped; colours and URLs are checked before they reach an attribute.
 * Mail clients ignore most CSS, so the layout is tables with inline styles, and the one <style> block only
 * narrows the padding on phones (clients that drop it still get a fluid, max 600 px wide email).
 */
import {
  defaultEmailTemplate,
  type TemplateContent,
  type TemplateSocialLinks,
} from "~/lib/schemas/email-template";
import { fillDiscountPercent } from "../../../popup/config";
import { escapeHtml } from "../../../popup/sanitize";

export type RenderVariables = {
  firstName: string;
  discountCode: string;
  discountPercentage: number;
  storeName: string;
  storeUrl: string | null;
  unsubscribeUrl: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

/** SPEC §9 template colours, used when a stored colour is not a #rrggbb value. */
const DEFAULT_PRIMARY_COLOR = defaultEmailTemplate.primaryColor;
const DEFAULT_SECONDARY_COLOR = defaultEmailTemplate.secondaryColor;

/** Used for [First Name] when neither the name nor the address gives one ("Hi Friend,"). */
const FALLBACK_FIRST_NAME = "Friend";

const FIRST_NAME = /\[\s*first\s+name\s*\]/gi;
const DISCOUNT_CODE = /\[\s*discount_code\s*\]/gi;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** A URL written in the body ends at whitespace, quotes, angle brackets or a placeholder's bracket. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'[\]{}|\\^`]+/gi;
/** Characters a typed URL never needs and that would only matter inside an attribute. */
const UNSAFE_IN_URL = /[\s"'<>`\\{}|^]/;
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

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

/** The value when it is an absolute http(s) URL, else null: nothing else may become a link. */
function httpUrl(value: string | null | undefined, protocols: readonly string[] = ["http:", "https:"]) {
  const trimmed = value?.trim() ?? "";
  if (!/^https?:\/\//i.test(trimmed) || UNSAFE_IN_URL.test(trimmed)) return null;
  try {
    return protocols.includes(new URL(trimmed).protocol) ? trimmed : null;
  } catch {
    return null;
  }
}

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

/**
 * A word a mail client would show as a link: a scheme ("http://", "mailto:"), "www." or a domain
 * ("x.com", "evil.example/path"). Anyone can type a name into the popup; it must not put a link in a
 * subject line or a greeting the store sends.
 */
const LINK_LIKE = /[a-z][\w+.-]*:\S|^www\.|[\w-]\.[a-z]{2,}/i;

/**
 * The greeting name: the first word of the name, else (no name, or one that looks like a link) the
 * first word of the address ("jane.doe42@" → Jane).
 */
export function firstNameFor(name: string | null | undefined, email: string): string {
  const fromName = name?.trim().split(/\s+/)[0];
  if (fromName && !LINK_LIKE.test(fromName)) return fromName;
  const localPart = email.split("@")[0] ?? "";
  const word = localPart.split(/[._\-+\d]+/).find((part) => part.length > 0);
  if (!word) return FALLBACK_FIRST_NAME;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** The offer's figures: the popup's code and percentage (filled before a subscriber's name is). */
function withOffer(text: string, vars: RenderVariables): string {
  return fillDiscountPercent(
    text.replace(DISCOUNT_CODE, () => vars.discountCode),
    vars.discountPercentage,
  );
}

function withPlaceholders(text: string, vars: RenderVariables): string {
  return withOffer(text, vars).replace(FIRST_NAME, () => vars.firstName);
}

/** "See https://shop.example/sale." links the URL without the full stop (or an unbalanced bracket). */
function trimUrlEnd(candidate: string): string {
  let url = candidate.replace(TRAILING_PUNCTUATION, "");
  while (url.endsWith(")") && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(TRAILING_PUNCTUATION, "");
  }
  return url;
}

type Piece = { text: string } | { url: string };

/**
 * The body split into paragraphs (blank line) of text and URL pieces. The code is filled in before URLs
 * are found (a shop's /discount/[DISCOUNT_CODE] link works); the subscriber's name only after, so a name
 * can never turn into a link.
 */
function bodyParagraphs(body: string, vars: RenderVariables): Piece[][] {
  const withCode = withOffer(body.replace(/\r\n?/g, "\n"), vars);
  return withCode
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => {
      const pieces: Piece[] = [];
      let last = 0;
      for (const match of paragraph.matchAll(URL_IN_TEXT)) {
        const candidate = trimUrlEnd(match[0]);
        const url = httpUrl(candidate);
        if (!url) continue;
        if (match.index > last) pieces.push({ text: paragraph.slice(last, match.index) });
        pieces.push({ url });
        last = match.index + candidate.length;
      }
      if (last < paragraph.length) pieces.push({ text: paragraph.slice(last) });
      return pieces.map((piece) =>
        "text" in piece ? { text: piece.text.replace(FIRST_NAME, () => vars.firstName) } : piece,
      );
    });
}

function ctaUrl(template: TemplateContent, vars: RenderVariables): string | null {
  return httpUrl(template.socialMediaLinks.website) ?? httpUrl(vars.storeUrl);
}

function socialLinks(template: TemplateContent): { label: string; url: string }[] {
  return socialOrder.flatMap((network) => {
    const url = httpUrl(template.socialMediaLinks[network]);
    return url ? [{ label: socialLabels[network], url }] : [];
  });
}

/** Every distinct URL the email links to (for click tracking); the unsubscribe link is not one of them. */
export function linksIn(template: TemplateContent, vars: RenderVariables): string[] {
  const cta = ctaUrl(template, vars);
  const inBody = bodyParagraphs(template.bodyContent, vars).flatMap((pieces) =>
    pieces.flatMap((piece) => ("url" in piece ? [piece.url] : [])),
  );
  return [...new Set([...(cta ? [cta] : []), ...socialLinks(template).map((link) => link.url), ...inBody])];
}

/** Merchant text as HTML: escaped, line breaks kept. */
function withBreaks(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>");
}

function multiline(text: string): string {
  return withBreaks(text.trim());
}

function row(content: string, style: string, className = "np-pad"): string {
  return `<tr><td class="${className}" style="${style}">${content}</td></tr>`;
}

export function renderWelcomeEmail(
  template: TemplateContent,
  vars: RenderVariables,
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
  const primary = colorOr(template.primaryColor, DEFAULT_PRIMARY_COLOR);
  const secondary = colorOr(template.secondaryColor, DEFAULT_SECONDARY_COLOR);
  const onPrimary = textColorOn(primary);
  const onSecondary = textColorOn(secondary);

  const subject = withPlaceholders(template.subject, vars).replace(/\s+/g, " ").trim();
  const headerText = withPlaceholders(template.headerText, vars).trim();
  const footerText = withPlaceholders(template.footerText, vars).trim();
  const footerNote = withPlaceholders(template.footerNote, vars).trim();
  const address = template.companyAddress.trim();
  const paragraphs = bodyParagraphs(template.bodyContent, vars);
  const logo = httpUrl(template.headerLogo, ["https:"]);
  const cta = ctaUrl(template, vars);
  const social = socialLinks(template);
  const codeLabel = `Your ${vars.discountPercentage}% discount code`;
  const unsubscribe = vars.unsubscribeUrl;

  const link = (url: string, label: string, style: string) =>
    `<a href="${escapeHtml(tracked(url))}" target="_blank" style="${style}">${escapeHtml(label)}</a>`;
  const paragraphStyle = `margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${TEXT_COLOR};`;
  const bodyHtml = paragraphs
    .map((pieces) => {
      const inner = pieces
        .map((piece) =>
          "url" in piece
            ? link(
                piece.url,
                piece.url,
                `color:${primary};text-decoration:underline;overflow-wrap:break-word;word-wrap:break-word;`,
              )
            : withBreaks(piece.text),
        )
        .join("");
      return `<p style="${paragraphStyle}">${inner}</p>`;
    })
    .join("");

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
        `<h1 style="margin:0;font-family:${FONT};font-size:26px;line-height:34px;font-weight:700;color:${onPrimary};">${multiline(headerText)}</h1>`,
        `padding:32px;text-align:center;background-color:${primary};`,
      ),
    );
  }
  rows.push(row(bodyHtml, "padding:32px 32px 8px 32px;background-color:#ffffff;"));
  rows.push(
    row(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;"><tr><td style="padding:20px 16px;text-align:center;background-color:${secondary};border-radius:8px;">` +
        `<p style="margin:0 0 8px 0;font-family:${FONT};font-size:14px;line-height:20px;letter-spacing:0.5px;text-transform:uppercase;color:${onSecondary};">${escapeHtml(codeLabel)}</p>` +
        `<p class="np-code" style="margin:0;font-family:'Courier New', Courier, monospace;font-size:30px;line-height:38px;font-weight:700;letter-spacing:3px;color:${onSecondary};overflow-wrap:break-word;word-wrap:break-word;">${escapeHtml(vars.discountCode)}</p>` +
        `</td></tr></table>`,
      "padding:8px 32px 24px 32px;background-color:#ffffff;",
    ),
  );
  if (cta) {
    rows.push(
      row(
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center" style="margin:0 auto;"><tr><td style="border-radius:6px;background-color:${primary};">` +
          link(
            cta,
            "Shop now",
            `display:inline-block;padding:14px 32px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:700;color:${onPrimary};text-decoration:none;border-radius:6px;`,
          ) +
          `</td></tr></table>`,
        "padding:0 32px 32px 32px;text-align:center;background-color:#ffffff;",
      ),
    );
  }
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
        `padding:16px 32px;text-align:center;background-color:#ffffff;border-top:1px solid #e3e3e3;`,
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

  const preheader = `${codeLabel}: ${vars.discountCode}`;
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
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE_BACKGROUND};">
<tr><td class="np-outer" align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-collapse:collapse;">
${rows.join("\n")}
</table>
</td></tr>
</table>
</body>
</html>
`;

  const bodyText = paragraphs
    .map((pieces) =>
      pieces
        .map((piece) => ("url" in piece ? tracked(piece.url) : piece.text))
        .join("")
        .trim(),
    )
    .join("\n\n");
  const text = [
    headerText,
    bodyText,
    `${codeLabel}: ${vars.discountCode}`,
    cta ? `Shop now: ${tracked(cta)}` : "",
    social.map((item) => `${item.label}: ${tracked(item.url)}`).join("\n"),
    [footerText, footerNote, address].filter(Boolean).join("\n\n"),
    `Unsubscribe: ${unsubscribe}`,
  ]
    .filter((part) => part.length > 0)
    .join("\n\n");

  return { subject, html, text: `${text}\n` };
}
