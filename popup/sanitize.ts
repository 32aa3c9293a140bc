/**
 * Plain text made safe as element content or a quoted attribute value: the five characters that could
 * open markup or end a quote become numeric character references. The one escaper of the codebase (the
 * popup, the emails and the server's own small pages), kept here because the popup may import nothing.
 */
export const escapeHtml = (text: string | number = ""): string =>
  String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * SPEC §5: popup titles and subtitles allow only <strong>, <b>, <mark>, <em> and <i> without attributes.
 * Everything else is shown as text; <script> and <style> are removed with their content.
 *
 * Pure string code (no DOM), so the server runs it before saving and the popup runs it before rendering.
 * The output is safe as element content (innerHTML): the only "<" left start one of the allowed tags,
 * which are balanced. Well-formed character references (&amp; &#39; &copy;) are kept as they are, so the
 * function is idempotent: sanitizing stored (already sanitized) text changes nothing.
 */
const ALLOWED_TAG = /<(\/?)(strong|b|mark|em|i)\s*>/iy;
const DROPPED_BLOCK = /<(script|style)(?=[\s/>]|$)[\s\S]*?(?:<\/\1\s*>|$)/gi;
const ENTITY = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][\da-z]{1,31});/iy;
// As the HTML serializer escapes text nodes: the output is element content, never an attribute value.
const ESCAPES: Record<string, string> = { "<": "&lt;", ">": "&gt;" };

export function sanitizeInlineHtml(input: string): string {
  const source = String(input == null ? "" : input)
    .replace(/\0/g, "")
    .replace(DROPPED_BLOCK, "");
  const open: string[] = [];
  let out = "";
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (ch === "<") {
      ALLOWED_TAG.lastIndex = i;
      const tag = ALLOWED_TAG.exec(source);
      if (tag) {
        i = ALLOWED_TAG.lastIndex;
        const name = String(tag[2]).toLowerCase();
        if (!tag[1]) {
          open.push(name);
          out += `<${name}>`;
        } else if (open.includes(name)) {
          // Close everything opened inside it, then the tag itself; a stray closing tag is dropped.
          let top = open.pop();
          while (top !== undefined) {
            out += `</${top}>`;
            if (top === name) break;
            top = open.pop();
          }
        }
        continue;
      }
    }
    if (ch === "&") {
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(source);
      out += entity ? entity[0] : "&amp;";
      i += entity ? entity[0].length : 1;
      continue;
    }
    out += ESCAPES[ch] || ch;
    i++;
  }
  for (let k = open.length - 1; k >= 0; k--) out += `</${open[k]}>`;
  return out;
}
