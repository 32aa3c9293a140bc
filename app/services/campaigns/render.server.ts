/**
 * A campaign's email: the shared frame (services/email/frame.server.ts) around the campaign's blocks, one row each.
 * Every link a block makes is one campaignLinksIn lists, so click tracking can rewrite it.
 */
import { fillLinkTags, linkableUrl } from "~/lib/email-links";
import type { CampaignBlock, CampaignContent } from "~/lib/schemas/campaign-content";
import {
  type BodyKit,
  button,
  codeText,
  discountCodeBox,
  type EmailBody,
  type Envelope,
  paragraphStyle,
  paragraphsHtml,
  paragraphsText,
  type RenderedEmail,
  RULE_COLOR,
  renderInFrame,
  row,
  shopUrl,
} from "~/services/email/frame.server";
import {
  type RenderVariables,
  subjectLine,
  textParagraphs,
  withPlaceholders,
} from "~/services/email/merge-tags.server";
import { escapeHtml } from "../../../popup/sanitize";

/** The body's width inside the 600 px email's 32 px side padding: the widest an image is drawn. */
const IMAGE_MAX_WIDTH = 536;

/** A link a block makes, its offer tags filled. */
function blockLink(url: string, vars: RenderVariables): string | null {
  return linkableUrl(fillLinkTags(url, vars));
}

/** A button's link: '' is the shop's address. */
function buttonUrl(url: string, content: CampaignContent, vars: RenderVariables): string | null {
  return url === "" ? shopUrl(content, vars) : blockLink(url, vars);
}

/** A block drawn: its html, its plain text, and whether it needs the 16 px below it (paragraphs carry their own). */
type DrawnBlock = { html: string; text: string; spaced: boolean };

function drawBlock(block: CampaignBlock, content: CampaignContent, kit: BodyKit): DrawnBlock | null {
  switch (block.type) {
    case "text": {
      const paragraphs = textParagraphs(block.text, kit.vars);
      if (paragraphs.length === 0) return null;
      return {
        html: paragraphsHtml(kit, paragraphs, paragraphStyle),
        text: paragraphsText(kit, paragraphs),
        spaced: false,
      };
    }
    case "button": {
      const label = withPlaceholders(block.label, kit.vars).trim();
      if (!label) return null;
      const url = buttonUrl(block.url, content, kit.vars);
      return {
        html: button(kit, url, label),
        text: url ? `${label}: ${kit.tracked(url)}` : label,
        spaced: true,
      };
    }
    case "image": {
      // Mail clients block or warn about images over plain http.
      const src = linkableUrl(block.url, ["https:"]);
      if (!src) return null;
      const alt = withPlaceholders(block.alt, kit.vars).trim();
      const link = blockLink(block.link, kit.vars);
      const image = `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${IMAGE_MAX_WIDTH}" style="display:block;width:100%;max-width:${IMAGE_MAX_WIDTH}px;height:auto;margin:0 auto;border:0;outline:none;text-decoration:none;">`;
      const html = link
        ? `<a href="${escapeHtml(kit.tracked(link))}" target="_blank" style="text-decoration:none;">${image}</a>`
        : image;
      return {
        html,
        text: [alt, link ? kit.tracked(link) : ""].filter(Boolean).join(": "),
        spaced: true,
      };
    }
    case "discountCode":
      return {
        html: discountCodeBox(kit),
        text: codeText(kit.vars),
        spaced: true,
      };
    case "divider":
      return {
        html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="border-top:1px solid ${RULE_COLOR};font-size:1px;line-height:1px;">&nbsp;</td></tr></table>`,
        text: "---",
        spaced: true,
      };
  }
}

/**
 * The blocks top to bottom, 16 px apart, 32 px above the first and below the last; a block with nothing
 * to show (an empty text, an image without an https address) is left out.
 */
function campaignBody(content: CampaignContent, kit: BodyKit): EmailBody {
  const drawn = content.blocks.flatMap((block) => drawBlock(block, content, kit) ?? []);
  return {
    rows: drawn.map((block, index) => {
      const top = index === 0 ? 32 : 0;
      const bottom = (block.spaced ? 16 : 0) + (index === drawn.length - 1 ? 16 : 0);
      return row(block.html, `padding:${top}px 32px ${bottom}px 32px;background-color:#ffffff;`);
    }),
    text: drawn.map((block) => block.text),
  };
}

/** The campaign's email for one subscriber: `envelope` is the campaign's subject and preheader, tags unfilled. */
export function renderCampaignEmail(
  content: CampaignContent,
  envelope: Envelope,
  vars: RenderVariables,
  rewriteLink?: (url: string) => string,
): RenderedEmail {
  const filled = {
    subject: subjectLine(envelope.subject, vars),
    preheader: subjectLine(envelope.preheader, vars),
  };
  return renderInFrame(content, vars, filled, (kit) => campaignBody(content, kit), rewriteLink);
}

/**
 * Every distinct URL the campaign links to, in order (for click tracking; the unsubscribe link is not one
 * of them): found by drawing the email, so the list is exactly what the email links.
 */
export function campaignLinksIn(content: CampaignContent, vars: RenderVariables): string[] {
  const urls = new Set<string>();
  renderCampaignEmail(content, { subject: "", preheader: "" }, vars, (url) => {
    urls.add(url);
    return url;
  });
  return [...urls];
}
