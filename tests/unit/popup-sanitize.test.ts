import { describe, expect, it } from "vitest";
import { defaultPopupSubtitle } from "../../popup/config";
import { escapeHtml, sanitizeInlineHtml } from "../../popup/sanitize";

const ALLOWED = /<(\/?)(strong|b|mark|em|i)>/g;

/**
 * Inert for innerHTML: every "<" left opens or closes one of the five allowed tags, bare (so no element
 * other than those can be created and none can carry an attribute), and the tags are balanced.
 */
function expectInert(html: string): void {
  const text = html.replace(ALLOWED, "");
  expect(text).not.toMatch(/[<>]/);
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(ALLOWED)) {
    if (closing) expect(open.pop()).toBe(name);
    else open.push(name ?? "");
  }
  expect(open).toEqual([]);
}

const XSS_CORPUS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<script>alert(1)",
  "<scr<script>ipt>alert(1)</script>",
  '<script type="text/javascript">document.cookie</script >after',
  "<style>body{display:none}</style>",
  "<STYLE>@import 'javascript:alert(1)';</STYLE>",
  "<img src=x onerror=alert(1)>",
  "<IMG SRC=\"javascript:alert('XSS');\">",
  '<img src="x" onerror="alert(1)"/>',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg/onload=alert(1)>",
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  "<iframe src=javascript:alert(1)></iframe>",
  '<body onload="alert(1)">',
  '<b onclick="alert(1)">bold</b>',
  '<mark style="background:url(javascript:alert(1))">m</mark>',
  '<strong class="x">s</strong>',
  "<i/onmouseover=alert(1)>i</i>",
  "<em\nonfocus=alert(1) autofocus>e</em>",
  "<b\tonclick=alert(1)>tab</b>",
  "<!-- <script>alert(1)</script> -->",
  "<!--><img src=x onerror=alert(1)>-->",
  "<![CDATA[<script>alert(1)</script>]]>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;img src=x onerror=alert(1)&#62;",
  "%3Cscript%3Ealert(1)%3C/script%3E",
  "<<script>script>alert(1)<</script>/script>",
  "<b><i>nested</b></i>",
  "<b <img src=x onerror=alert(1)>>",
  "<div><b>unclosed",
  "</b></i></strong>stray closers",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<input onfocus=alert(1) autofocus value="x">',
  '<details open ontoggle="alert(1)">',
  "<object data=javascript:alert(1)>",
  "<base href=javascript:/a/>",
  "<meta http-equiv=refresh content=0;url=javascript:alert(1)>",
  "<b>ok</b><img src=x onerror=alert(1)><i>ok</i>",
  "\u0000<script>alert(1)</script>",
  "<ScRiPt>alert(1)</sCrIpT>",
  "<x onclick=alert(1)>x</x>",
  "<b/>self closing</b>",
];

describe("sanitizeInlineHtml: XSS corpus", () => {
  it("has at least 30 payloads", () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_CORPUS)("leaves nothing executable in %j", (payload) => {
    const output = sanitizeInlineHtml(payload);
    expectInert(output);
    // Idempotent: the server saves the output and the popup sanitizes it again.
    expect(sanitizeInlineHtml(output)).toBe(output);
  });

  it("removes <script> and <style> together with their content", () => {
    expect(sanitizeInlineHtml("Hi<script>alert(1)</script> there")).toBe("Hi there");
    expect(sanitizeInlineHtml("<SCRIPT>alert(1)</SCRIPT>Hi")).toBe("Hi");
    expect(sanitizeInlineHtml("a<style>b{}</style>c")).toBe("ac");
    expect(sanitizeInlineHtml("keep<script>never closed")).toBe("keep");
  });

  it("shows other tags as text", () => {
    expect(sanitizeInlineHtml("<img src=x onerror=alert(1)>")).toBe("&lt;img src=x onerror=alert(1)&gt;");
    expect(sanitizeInlineHtml("<!-- note -->")).toBe("&lt;!-- note --&gt;");
    expect(sanitizeInlineHtml("<![CDATA[x]]>")).toBe("&lt;![CDATA[x]]&gt;");
    expect(sanitizeInlineHtml("<u>under</u>")).toBe("&lt;u&gt;under&lt;/u&gt;");
  });

  it("shows allowed tags that carry attributes as text", () => {
    expect(sanitizeInlineHtml('<b onclick="x()">hi</b>')).toBe('&lt;b onclick="x()"&gt;hi');
    expect(sanitizeInlineHtml('<mark style="color:red">m</mark>')).toBe('&lt;mark style="color:red"&gt;m');
  });
});

describe("sanitizeInlineHtml: allowed formatting", () => {
  it("keeps strong, b, mark, em and i without attributes", () => {
    expect(sanitizeInlineHtml("<strong>Bold</strong>")).toBe("<strong>Bold</strong>");
    expect(sanitizeInlineHtml("<b>b</b> <i>i</i> <em>em</em> <mark>mark</mark>")).toBe(
      "<b>b</b> <i>i</i> <em>em</em> <mark>mark</mark>",
    );
    expect(sanitizeInlineHtml("<b><i>both</i></b>")).toBe("<b><i>both</i></b>");
  });

  it("lower-cases allowed tags", () => {
    expect(sanitizeInlineHtml("<STRONG>x</STRONG> <Em>y</eM>")).toBe("<strong>x</strong> <em>y</em>");
  });

  it("closes unclosed tags and drops stray closing tags", () => {
    expect(sanitizeInlineHtml("<b>open")).toBe("<b>open</b>");
    expect(sanitizeInlineHtml("<b><i>two")).toBe("<b><i>two</i></b>");
    expect(sanitizeInlineHtml("</b>stray")).toBe("stray");
    expect(sanitizeInlineHtml("<b><i>x</b>y</i>")).toBe("<b><i>x</i></b>y");
  });

  it("keeps the default subtitle as it is", () => {
    expect(sanitizeInlineHtml(defaultPopupSubtitle)).toBe(defaultPopupSubtitle);
    expect(sanitizeInlineHtml("LOOKING FOR EXCLUSIVE OFFERS?")).toBe("LOOKING FOR EXCLUSIVE OFFERS?");
  });
});

describe("sanitizeInlineHtml: text escaping", () => {
  it("escapes <, > and bare ampersands", () => {
    expect(sanitizeInlineHtml("1 < 2 > 0")).toBe("1 &lt; 2 &gt; 0");
    expect(sanitizeInlineHtml("Salt & Pepper")).toBe("Salt &amp; Pepper");
    expect(sanitizeInlineHtml("a&&b")).toBe("a&amp;&amp;b");
  });

  it("keeps well-formed character references, so sanitizing twice changes nothing", () => {
    expect(sanitizeInlineHtml("Tom &amp; Jerry &copy; &#39;x&#x27;")).toBe(
      "Tom &amp; Jerry &copy; &#39;x&#x27;",
    );
    expect(sanitizeInlineHtml("&lt;b&gt;")).toBe("&lt;b&gt;");
    const once = sanitizeInlineHtml("A & B <b>C</b> <img>");
    expect(sanitizeInlineHtml(once)).toBe(once);
  });

  it("leaves quotes alone (the output is element content) and handles empty input", () => {
    expect(sanitizeInlineHtml(`Don't "miss" it`)).toBe(`Don't "miss" it`);
    expect(sanitizeInlineHtml("")).toBe("");
  });
});

describe("escapeHtml", () => {
  it("turns every character that could open markup or end a quoted attribute into a reference", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;Tom &#38; Jerry&#60;/a&#62;",
    );
  });

  it("writes numbers as text and nothing for a missing value", () => {
    expect(escapeHtml(15)).toBe("15");
    expect(escapeHtml(undefined)).toBe("");
  });
});
