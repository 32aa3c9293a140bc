import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { defaultEmailTemplate, type TemplateContent } from "~/lib/schemas/email-template";
import { contrast, fillUnderWhite } from "~/services/email/fill-colors.server";
import { firstNameFor, type RenderVariables } from "~/services/email/merge-tags.server";
import { linksIn, renderWelcomeEmail } from "~/services/email/render.server";

const vars: RenderVariables = {
  firstName: "Jane",
  discountCode: "WELCOME15",
  discountPercentage: 15,
  storeName: "Acme Shop",
  storeUrl: "https://acme.example.com",
  unsubscribeUrl: "https://app.example.com/u/tok-123",
};

function template(overrides: Partial<TemplateContent> = {}): TemplateContent {
  return {
    ...defaultEmailTemplate,
    socialMediaLinks: { ...defaultEmailTemplate.socialMediaLinks },
    ...overrides,
  };
}

/** The href values of every <a> in the html, unescaped. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) =>
    (match[1] ?? "").replace(/&#38;/g, "&"),
  );
}

describe("renderWelcomeEmail", () => {
  it("says the popup's offer: the default texts take the percentage and the code from the popup", () => {
    const email = renderWelcomeEmail(template(), { ...vars, discountCode: "ACME10", discountPercentage: 10 });
    expect(email.subject).toBe("Thank you for subscribing! Here is your 10% discount");
    expect(email.html).toContain("here is your one-time 10% discount code: ACME10");
    expect(email.html).toContain("Your 10% discount code");
    expect(email.text).toContain("one-time 10% discount code: ACME10");
    expect(`${email.subject}${email.html}${email.text}`).not.toMatch(/15%|DISCOUNT_PERCENT/);
  });

  it("fills [DISCOUNT_PERCENT] wherever it is written, in any case and spacing", () => {
    const email = renderWelcomeEmail(
      template({
        subject: "[discount_percent]% off",
        headerText: "[ DISCOUNT_PERCENT ]% for you",
        footerText: "Save [DISCOUNT_PERCENT]%",
      }),
      { ...vars, discountPercentage: 25 },
    );
    expect(email.subject).toBe("25% off");
    expect(email.html).toContain("25% for you");
    expect(email.html).toContain("Save 25%");
  });

  it("fills [First Name] and [DISCOUNT_CODE] in the subject, header, body and footer", () => {
    const email = renderWelcomeEmail(
      template({
        subject: "[First Name], your [DISCOUNT_CODE] code is here",
        headerText: "Welcome, [First Name]!",
        bodyContent: "Hi [First Name],\n\nUse [DISCOUNT_CODE] at checkout.",
        footerText: "See you soon, [first name]",
        footerNote: "Code [DISCOUNT_CODE] is valid once.",
      }),
      vars,
    );
    expect(email.subject).toBe("Jane, your WELCOME15 code is here");
    for (const part of [email.html, email.text]) {
      expect(part).toContain("Welcome, Jane!");
      expect(part).toContain("Hi Jane,");
      expect(part).toContain("Use WELCOME15 at checkout.");
      expect(part).toContain("See you soon, Jane");
      expect(part).toContain("Code WELCOME15 is valid once.");
      expect(part).not.toMatch(/\[First Name\]|\[DISCOUNT_CODE\]/i);
    }
  });

  it("shows the code in its own box with the percentage", () => {
    const { html } = renderWelcomeEmail(template(), {
      ...vars,
      discountCode: "SAVE20",
      discountPercentage: 20,
    });
    expect(html).toContain("Your 20% discount code");
    expect(html).toMatch(/<p class="np-code np-on-fill"[^>]*>SAVE20<\/p>/);
  });

  it("turns blank lines into paragraphs and single newlines into line breaks", () => {
    const { html } = renderWelcomeEmail(template({ bodyContent: "One\nline two\n\n\nThree" }), vars);
    expect(html).toMatch(/<p [^>]*>One<br>line two<\/p><p [^>]*>Three<\/p>/);
  });

  it("escapes every merchant-provided value so no markup or handler survives", () => {
    const attack = `<script>alert(1)</script><img src=x onerror="alert(1)">"'`;
    const hostile = template({
      templateName: attack,
      subject: attack,
      headerLogo: `https://cdn.example.com/logo.png" onerror="alert(1)`,
      headerText: attack,
      bodyContent: `${attack}\n\nhttps://evil.example.com/"onerror="alert(1)`,
      footerText: attack,
      footerNote: attack,
      companyAddress: attack,
      socialMediaLinks: {
        website: `https://shop.example.com/" onerror="alert(1)`,
        linkedin: `javascript:alert(1)`,
        twitter: attack,
        facebook: `https://facebook.com/<script>`,
        instagram: `" onerror="alert(1)`,
      },
      primaryColor: `red;background:url(javascript:alert(1))`,
      secondaryColor: `"><script>alert(1)</script>`,
    });
    const { html, subject } = renderWelcomeEmail(hostile, {
      ...vars,
      firstName: attack,
      storeName: attack,
      discountCode: attack,
    });
    // Escaped text may still read "onerror"; no tag (element or attribute) may carry it.
    const tags = html.match(/<[^>]*>/g) ?? [];
    expect(tags.filter((tag) => /onerror|<script|javascript:|<img src=x/i.test(tag))).toEqual([]);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/javascript:/i);
    // Only the store's URL (the button) and the body URL cut at the quote are links.
    expect(new Set(hrefs(html).filter((href) => href !== vars.unsubscribeUrl))).toEqual(
      new Set(["https://acme.example.com", "https://evil.example.com/"]),
    );
    expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    // The subject is a header, not html: kept as text, on one line.
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it("falls back to the default colours when a colour is not #rrggbb", () => {
    const fallback = renderWelcomeEmail(template({ primaryColor: "blue", secondaryColor: "#12345" }), vars);
    expect(fallback.html).toContain(`background-color:${fillUnderWhite("#0071b9")}`);
    expect(fallback.html).toContain(`background-color:${fillUnderWhite("#00c68c")}`);
    expect(fallback.html).not.toContain("blue");

    const custom = renderWelcomeEmail(template({ primaryColor: "#0000CC", secondaryColor: "#222222" }), vars);
    expect(custom.html).toContain("background-color:#0000cc");
    expect(custom.html).toContain("background-color:#222222");
    expect(custom.html).not.toContain("#0071b9");
  });

  it("draws the code box, the button and the header on a shade white text reads on at 4.5:1", () => {
    // #ffcc00 takes black text in light, which apps that darken email turn white on an unchanged fill.
    const { html } = renderWelcomeEmail(
      template({ primaryColor: "#ffcc00", secondaryColor: "#00c68c" }),
      vars,
    );
    const fills = [...html.matchAll(/bgcolor="(#[0-9a-f]{6})"/g)].map((match) => match[1] ?? "");
    expect(new Set(fills)).toEqual(
      new Set(["#f4f5f7", fillUnderWhite("#ffcc00"), fillUnderWhite("#00c68c")]),
    );
    for (const fill of fills.slice(1)) expect(contrast(fill, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(html).not.toMatch(/color:#(?:1a1a1a|000000)/);
  });

  it("links only http(s) URLs", () => {
    const { html } = renderWelcomeEmail(
      template({
        bodyContent: "See https://acme.example.com/sale. Or ftp://files.example.com and javascript:alert(1)",
        socialMediaLinks: {
          website: "",
          linkedin: "ftp://linkedin.example.com",
          twitter: "twitter.com/acme",
          facebook: "http://facebook.com/acme",
          instagram: "data:text/html,hi",
        },
      }),
      vars,
    );
    const links = hrefs(html);
    expect(links).toContain("https://acme.example.com/sale");
    expect(links).toContain("http://facebook.com/acme");
    expect(links.every((href) => /^https?:\/\//.test(href))).toBe(true);
    expect(html).not.toMatch(/href="(ftp|javascript|data|twitter\.com)/);
  });

  it("shows the logo only for an https URL", () => {
    const logo = "https://cdn.example.com/logo.png";
    expect(renderWelcomeEmail(template({ headerLogo: logo }), vars).html).toContain(`<img src="${logo}"`);
    expect(
      renderWelcomeEmail(template({ headerLogo: "http://cdn.example.com/logo.png" }), vars).html,
    ).not.toContain("<img");
    expect(renderWelcomeEmail(template({ headerLogo: "" }), vars).html).not.toContain("<img");
  });

  it("sends every link except unsubscribe through rewriteLink, and keeps the unsubscribe URL as is", () => {
    const content = template({
      bodyContent: "Visit https://acme.example.com/new and https://acme.example.com/new again.",
      socialMediaLinks: {
        website: "https://acme.example.com",
        linkedin: "https://linkedin.com/company/acme",
        twitter: "",
        facebook: "",
        instagram: "https://instagram.com/acme",
      },
    });
    const rewrite = vi.fn((url: string) => `https://track.example.com/t/${encodeURIComponent(url)}`);
    const { html, text } = renderWelcomeEmail(content, vars, rewrite);
    const links = hrefs(html);
    expect(links).toContain(vars.unsubscribeUrl);
    const others = links.filter((href) => href !== vars.unsubscribeUrl);
    expect(others.length).toBeGreaterThanOrEqual(4);
    expect(others.every((href) => href.startsWith("https://track.example.com/t/"))).toBe(true);
    expect(rewrite.mock.calls.map(([url]) => url).sort()).toEqual(linksIn(content, vars).sort());
    expect(rewrite).not.toHaveBeenCalledWith(vars.unsubscribeUrl);
    expect(text).toContain(
      `https://track.example.com/t/${encodeURIComponent("https://acme.example.com/new")}`,
    );
  });

  it("puts a Shop now button to the website, or else to the store's URL", () => {
    const withWebsite = template({
      socialMediaLinks: { ...defaultEmailTemplate.socialMediaLinks, website: "https://brand.example.com" },
    });
    expect(renderWelcomeEmail(withWebsite, vars).html).toMatch(
      /<a href="https:\/\/brand\.example\.com"[^>]*>Shop now<\/a>/,
    );
    expect(renderWelcomeEmail(template(), vars).html).toMatch(
      /<a href="https:\/\/acme\.example\.com"[^>]*>Shop now<\/a>/,
    );
    expect(renderWelcomeEmail(template(), { ...vars, storeUrl: null }).html).not.toContain("Shop now");
  });

  it("has a plain-text part with the content, the code and the unsubscribe URL", () => {
    const { text } = renderWelcomeEmail(template({ companyAddress: "1 Main St\nSpringfield" }), vars);
    expect(text).toContain("Welcome to our newsletter!");
    expect(text).toContain("Hi Jane,");
    expect(text).toContain("Your 15% discount code: WELCOME15");
    expect(text).toContain("1 Main St\nSpringfield");
    expect(text).toContain(`Unsubscribe: ${vars.unsubscribeUrl}`);
    expect(text).not.toMatch(/<[a-z/]/i);
  });

  it("is a 600 px table layout with inline styles and an unsubscribe link in the footer", () => {
    const { html } = renderWelcomeEmail(template(), vars);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<table role="presentation" width="600"');
    expect(html).toContain("max-width:600px");
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<a href="https:\/\/app\.example\.com\/u\/tok-123"[^>]*>Unsubscribe<\/a>/);
    // The light email is inline; the one stylesheet holds the phone and dark rules.
    const styleBlocks = html.match(/<style>[\s\S]*?<\/style>/g) ?? [];
    expect(styleBlocks).toHaveLength(1);
    expect(html.replace(/<style>[\s\S]*?<\/style>/, "")).not.toMatch(/\{/);
  });

  it("declares light and dark, with dark rules for prefers-color-scheme and Outlook.com's forced dark", () => {
    const { html } = renderWelcomeEmail(template(), vars);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark">');
    expect(html).toContain(":root { color-scheme: light dark; supported-color-schemes: light dark; }");
    expect(html).toMatch(
      /@media \(prefers-color-scheme: dark\) \{\s*\.np-page \{ background-color: #121212 !important; \}/,
    );
    expect(html).toContain("[data-ogsb] .np-card { background-color: #1e1e1e !important; }");
    expect(html).toContain("[data-ogsc] .np-text { color: #e3e3e3 !important; }");
  });

  it("speaks Outlook on Windows: 96 dpi, a fixed-width ghost table, a VML button, exact line heights", () => {
    const { html } = renderWelcomeEmail(template(), vars);
    expect(html).toContain("<o:PixelsPerInch>96</o:PixelsPerInch>");
    expect(html).toContain(
      '<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
    );
    expect(html).toMatch(
      /<!--\[if mso\]><v:roundrect [^>]*href="https:\/\/acme\.example\.com"[^>]*fillcolor="#0071b9">[\s\S]*Shop now<\/center><\/v:roundrect><!\[endif\]-->/,
    );
    // The button's shape is its cell's padding, which Outlook keeps (it drops padding on links).
    expect(html).toMatch(/<td class="np-fill" [^>]*style="padding:14px 32px;/);
    // Without the rule before it, Outlook reads a px line-height as a minimum.
    const lineHeights = html.match(/line-height:\d+px/g) ?? [];
    expect(lineHeights.length).toBeGreaterThan(5);
    expect(html.match(/mso-line-height-rule:exactly;line-height:\d+px/g)).toHaveLength(lineHeights.length);
  });
});

describe("the welcome email in the frame it shares with campaigns", () => {
  // The fixture was rendered before the frame was shared: the welcome email must not change by a byte.
  // A deliberate change to the welcome email rewrites it.
  const before = JSON.parse(readFileSync(new URL("./fixtures/welcome-email.json", import.meta.url), "utf8"));

  it("renders exactly as before: every row, style, tracked link and the plain-text part", () => {
    const email = renderWelcomeEmail(
      template({
        headerLogo: "https://cdn.example.com/logo.png",
        bodyContent:
          'Hi [First Name],\n\nSee https://acme.example.com/sale. Your code [DISCOUNT_CODE] works at https://acme.example.com/discount/[DISCOUNT_CODE].\nA <b>bold</b> & "quoted" line.',
        socialMediaLinks: {
          website: "",
          linkedin: "https://linkedin.com/company/acme",
          twitter: "",
          facebook: "",
          instagram: "https://instagram.com/acme",
        },
        companyAddress: "1 Main St\nSpringfield",
        primaryColor: "#FFCC00",
        secondaryColor: "#222222",
      }),
      { ...vars, storeName: "Acme & Co" },
      (url) => `https://app.example.com/t/${encodeURIComponent(url)}?s=1&l=2`,
    );
    expect(email).toEqual(before);
  });
});

describe("firstNameFor", () => {
  it.each([
    ["Jane Doe", "x@example.com", "Jane"],
    ["  Ana  María ", "x@example.com", "Ana"],
    [null, "jane.doe42@x.com", "Jane"],
    [undefined, "JOHN_smith@example.com", "John"],
    ["", "mary-ann+news@example.com", "Mary"],
    ["   ", "42bob@example.com", "Bob"],
    [null, "12345@example.com", "Friend"],
  ])("name %j and email %s give %s", (name, email, expected) => {
    expect(firstNameFor(name, email)).toBe(expected);
  });

  it.each([
    "http://evil.example/win",
    "HTTPS://evil.example",
    "www.evil.example",
    "evil.com",
    "x.co/claim",
    "javascript:alert(1)",
    "Jane,https://evil.example",
    // The same domains as a mail client reads them once it folds Unicode (NFKC, IDNA full stops).
    "evil。com",
    "evil．com",
    "evil｡com",
    "ｅｖｉｌ．ｃｏｍ",
    "evil\u2024com",
    "ｗｗｗ．evil",
    "ｈｔｔｐｓ：//evil",
    "evil\u200b.com",
    // Internationalised domains: a non-ASCII top-level label, or its punycode.
    "evil.рф",
    "evil.рф/x",
    "пример.испытание",
    "evil.xn--p1ai",
    "xn--e1afmkfd.xn--80akhbyknj4f",
  ])("drops the name %j, which would put a link in the subject, for the address's", (name) => {
    const firstName = firstNameFor(name, "jane.doe@example.com");
    expect(firstName).toBe("Jane");
    const { subject } = renderWelcomeEmail(template({ subject: "[First Name], 15% off for you" }), {
      ...vars,
      firstName,
    });
    expect(subject).toBe("Jane, 15% off for you");
  });

  it("keeps names with dots or colons that are not links", () => {
    expect(firstNameFor("J.R. Smith", "x@example.com")).toBe("J.R.");
    expect(firstNameFor("Ana: hi", "x@example.com")).toBe("Ana:");
    expect(firstNameFor("Zoë", "x@example.com")).toBe("Zoë");
    expect(firstNameFor("Анна-Мария", "x@example.com")).toBe("Анна-Мария");
    expect(firstNameFor("山田太郎", "x@example.com")).toBe("山田太郎");
  });
});

describe("linksIn", () => {
  it("lists the button, the social links set and the body's URLs once each, without unsubscribe", () => {
    const content = template({
      bodyContent:
        "Shop https://acme.example.com today (https://acme.example.com/help), or https://acme.example.com/discount/[DISCOUNT_CODE].",
      socialMediaLinks: {
        website: "",
        linkedin: "",
        twitter: "https://twitter.com/acme",
        facebook: "not a url",
        instagram: "",
      },
    });
    expect(linksIn(content, vars)).toEqual([
      "https://acme.example.com",
      "https://twitter.com/acme",
      "https://acme.example.com/help",
      "https://acme.example.com/discount/WELCOME15",
    ]);
  });

  it("never turns the subscriber's name into a link", () => {
    const content = template({ bodyContent: "Hi [First Name]" });
    expect(linksIn(content, { ...vars, firstName: "https://phish.example.com", storeUrl: null })).toEqual([]);
    expect(
      hrefs(renderWelcomeEmail(content, { ...vars, firstName: "https://phish.example.com" }).html),
    ).not.toContain("https://phish.example.com");
  });
});
