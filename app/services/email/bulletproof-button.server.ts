/**
 * A button every mail client draws as a button. Its shape is the table cell's fill and padding (Outlook on
 * Windows drops padding on links); Outlook on Windows gets a VML rounded rectangle instead (it ignores
 * border-radius), the whole of which is the link. Other clients never see the VML.
 */
import { escapeHtml } from "../../../popup/sanitize";
import { fillUnderWhite, TEXT_ON_FILL } from "./fill-colors.server";

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const HEIGHT = 48;
const RADIUS = 6;
/** Outlook sizes VML by hand: about 9.5 px per character of 16 px bold text, plus the side padding. */
const VML_CHAR_WIDTH = 9.5;
const VML_SIDE_PADDING = 64;
const VML_MAX_WIDTH = 536;

export type ButtonSpec = {
  /** Where it goes (already tracked); null draws the shape without a link. */
  href: string | null;
  label: string;
  /** The merchant's #rrggbb colour; the drawn fill is a shade white text reads on (fill-colors.server.ts). */
  color: string;
  align?: "center" | "left";
};

function outlookShape(href: string, label: string, fill: string): string {
  const width = Math.min(VML_MAX_WIDTH, Math.ceil(label.length * VML_CHAR_WIDTH + VML_SIDE_PADDING));
  return (
    `<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="${escapeHtml(href)}" style="height:${HEIGHT}px;v-text-anchor:middle;width:${width}px;" arcsize="${Math.round((RADIUS / HEIGHT) * 100)}%" stroke="f" fillcolor="${fill}">` +
    `<w:anchorlock/><center style="color:${TEXT_ON_FILL};font-family:Arial, sans-serif;font-size:16px;font-weight:bold;">${escapeHtml(label)}</center></v:roundrect><![endif]-->`
  );
}

export function bulletproofButton({ href, label, color, align = "center" }: ButtonSpec): string {
  const fill = fillUnderWhite(color);
  const text = `font-family:${FONT};font-size:16px;mso-line-height-rule:exactly;line-height:20px;font-weight:700;color:${TEXT_ON_FILL};text-decoration:none;`;
  const inner = href
    ? `${outlookShape(href, label, fill)}<!--[if !mso]><!--><a href="${escapeHtml(href)}" class="np-on-fill" target="_blank" style="${text}">${escapeHtml(label)}</a><!--<![endif]-->`
    : `<span class="np-on-fill" style="${text}">${escapeHtml(label)}</span>`;
  // With a link, Outlook draws the VML alone: the cell's own padding would frame it.
  const outlookCell = href ? "mso-padding-alt:0;" : "";
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="${align}" style="margin:${align === "center" ? "0 auto" : "0"};"><tr>` +
    `<td class="np-fill" align="center" bgcolor="${fill}" style="padding:14px 32px;${outlookCell}border-radius:${RADIUS}px;background-color:${fill};">${inner}</td>` +
    `</tr></table>`
  );
}
