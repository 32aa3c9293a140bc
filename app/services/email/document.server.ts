/**
 * The html document around a store's email: the head every client reads, the dark styles and the Outlook
 * conditionals (docs/decisions/171).
 *
 * Light is drawn inline, so a client that drops <style> still shows the light email. Dark mode is three
 * hooks over the same classes: `prefers-color-scheme: dark` (Apple Mail, Outlook for Mac and iOS, among
 * others), and Outlook.com's forced dark, which marks what it recoloured with `data-ogsc` (text) and
 * `data-ogsb` (backgrounds). Clients that darken email by themselves get no hook: the fills and their text
 * are chosen to survive that (fill-colors.server.ts).
 */
import { escapeHtml } from "../../../popup/sanitize";

export const LIGHT = { page: "#f4f5f7", card: "#ffffff", text: "#303030", muted: "#6d7175" };
const DARK = { page: "#121212", card: "#1e1e1e", text: "#e3e3e3", muted: "#a8a8a8" };

/** The class each themed element carries: its light colours are inline, its dark ones come from here. */
export const THEMED = {
  page: "np-page",
  card: "np-card",
  text: "np-text",
  muted: "np-muted",
  onFill: "np-on-fill",
} as const;

function darkRules(prefix: string, backgroundHook: string, colorHook: string): string {
  return [
    `${prefix}${backgroundHook}.${THEMED.page} { background-color: ${DARK.page} !important; }`,
    `${prefix}${backgroundHook}.${THEMED.card} { background-color: ${DARK.card} !important; }`,
    `${prefix}${colorHook}.${THEMED.text} { color: ${DARK.text} !important; }`,
    `${prefix}${colorHook}.${THEMED.muted} { color: ${DARK.muted} !important; }`,
    `${prefix}${colorHook}.${THEMED.onFill} { color: #ffffff !important; }`,
  ].join("\n");
}

const STYLES = `<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media only screen and (max-width: 620px) {
  .np-outer { padding: 0 !important; }
  .np-pad { padding-left: 20px !important; padding-right: 20px !important; }
  .np-code { font-size: 24px !important; letter-spacing: 2px !important; }
}
@media (prefers-color-scheme: dark) {
${darkRules("  ", "", "")}
}
${darkRules("", "[data-ogsb] ", "[data-ogsc] ")}
</style>`;

/** Outlook on Windows: 96 dpi, so px sizes are not rescaled on high-dpi screens; PNG allowed. */
const OUTLOOK_SETTINGS = `<!--[if mso]>
<xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml>
<![endif]-->`;

/** The document: `rows` are the 600 px card's table rows. */
export function emailDocument(subject: string, preheader: string, rows: string[]): string {
  // An empty preheader is left out: inbox lists then show the email's first words.
  const hiddenPreheader = preheader
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(preheader)}</div>\n`
    : "";
  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
${OUTLOOK_SETTINGS}
${STYLES}
</head>
<body class="${THEMED.page}" style="margin:0;padding:0;width:100%;background-color:${LIGHT.page};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;">
${hiddenPreheader}<table role="presentation" class="${THEMED.page}" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${LIGHT.page}" style="background-color:${LIGHT.page};">
<tr><td class="np-outer" align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="600" class="${THEMED.card}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:${LIGHT.card};border-collapse:collapse;">
${rows.join("\n")}
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
