export type ScriptPresence = "this-store" | "other-store" | "absent";

const SCRIPT_TAG = /<script\b[^>]*>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.slice("<script".length).matchAll(ATTRIBUTE)) {
    const [, name, doubleQuoted, singleQuoted, bare] = match;
    if (name) attributes.set(name.toLowerCase(), doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return attributes;
}

/**
 * Whether a page carries the popup's script tag (the SPEC §1 tag or the theme app embed, both load a
 * file named newsletter-popup*.js with data-store-id) and for which store. Text that merely mentions
 * the id, or a tag for another store, does not count as installed.
 */
export function findPopupScript(html: string, storeId: string): ScriptPresence {
  let presence: ScriptPresence = "absent";
  for (const [tag] of html.matchAll(SCRIPT_TAG)) {
    const attributes = attributesOf(tag);
    const src = attributes.get("src") ?? "";
    const taggedStore = attributes.get("data-store-id");
    if (!/newsletter-popup[\w.-]*\.js/i.test(src) || !taggedStore) continue;
    if (taggedStore.toLowerCase() === storeId.toLowerCase()) return "this-store";
    presence = "other-store";
  }
  return presence;
}
