import { describe, expect, it, vi } from "vitest";
import {
  type CampaignBlock,
  type CampaignContent,
  defaultCampaignContent,
} from "~/lib/schemas/campaign-content";
import { campaignLinksIn, renderCampaignEmail } from "~/services/campaigns/render.server";
import type { RenderVariables } from "~/services/email/merge-tags.server";

const vars: RenderVariables = {
  firstName: "Jane",
  discountCode: "SPRING-JANE",
  discountPercentage: 20,
  storeName: "Acme Shop",
  storeUrl: "https://acme.example.com",
  unsubscribeUrl: "https://app.example.com/u/tok-123?c=send-1",
};

const envelope = { subject: "Spring sale, [First Name]", preheader: "[DISCOUNT_PERCENT]% off everything" };

function content(blocks: CampaignBlock[], frame: Partial<CampaignContent> = {}): CampaignContent {
  return { ...defaultCampaignContent, ...frame, blocks };
}

const render = (blocks: CampaignBlock[], frame: Partial<CampaignContent> = {}, variables = vars) =>
  renderCampaignEmail(content(blocks, frame), envelope, variables);

/** The href values of every <a> in the html, unescaped. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) =>
    (match[1] ?? "").replace(/&#38;/g, "&"),
  );
}

/** The html between the header and the footer: the blocks' rows. */
function bodyOf(html: string): string {
  const start = html.indexOf("</h1>");
  const end = html.indexOf(">Unsubscribe</a>");
  return html.slice(start, end);
}

describe("renderCampaignEmail", () => {
  it("fills the merge tags in the subject, the preheader, the frame and the blocks", () => {
    const email = render(
      [
        { id: "t", type: "text", text: "Hi [First Name], [DISCOUNT_PERCENT]% off with [DISCOUNT_CODE]." },
        { id: "b", type: "button", label: "Save [DISCOUNT_PERCENT]%", url: "https://acme.example.com/sale" },
      ],
      { headerText: "For you, [First Name]" },
    );
    expect(email.subject).toBe("Spring sale, Jane");
    expect(email.html).toContain("<title>Spring sale, Jane</title>");
    for (const part of [email.html, email.text]) {
      expect(part).toContain("For you, Jane");
      expect(part).toContain("Hi Jane, 20% off with SPRING-JANE.");
      expect(part).toContain("Save 20%");
      expect(part).not.toMatch(/\[(first name|discount_code|discount_percent)\]/i);
    }
  });

  it("puts the preheader in a hidden div before the email, and none when it is empty", () => {
    const { html } = render([{ id: "t", type: "text", text: "Hello" }]);
    expect(html).toMatch(/<body[^>]*>\n<div style="display:none;[^"]*">20% off everything<\/div>\n<table/);
    const without = renderCampaignEmail(
      content([{ id: "t", type: "text", text: "Hello" }]),
      { subject: "Hi", preheader: " " },
      vars,
    );
    expect(without.html).not.toContain("display:none");
  });

  it("draws text as paragraphs with line breaks, and links the URLs written in it", () => {
    const { html, text } = render([
      { id: "t", type: "text", text: "One\nline two\n\nSee https://acme.example.com/new." },
    ]);
    expect(bodyOf(html)).toMatch(
      /<p [^>]*>One<br>line two<\/p><p [^>]*>See <a href="https:\/\/acme\.example\.com\/new"[^>]*>https:\/\/acme\.example\.com\/new<\/a>\.<\/p>/,
    );
    expect(text).toContain("One\nline two\n\nSee https://acme.example.com/new.");
  });

  it("draws a button to its link, with the code filled into a shop's discount link", () => {
    const { html, text } = render([
      {
        id: "b",
        type: "button",
        label: "Claim",
        url: "https://acme.example.com/discount/[DISCOUNT_CODE]?x=1&y=2",
      },
    ]);
    expect(html).toContain(
      `<a href="https://acme.example.com/discount/SPRING-JANE?x=1&#38;y=2" class="np-on-fill" target="_blank" style="`,
    );
    expect(html).toMatch(/>Claim<\/a><!--<!\[endif\]--><\/td><\/tr><\/table>/);
    expect(text).toContain("Claim: https://acme.example.com/discount/SPRING-JANE?x=1&y=2");
  });

  it("URL-encodes a code that is filled into a link, so it stays one path segment", () => {
    const { html } = render(
      [{ id: "b", type: "button", label: "Claim", url: "https://acme.example.com/discount/[DISCOUNT_CODE]" }],
      {},
      { ...vars, discountCode: "A B/C?D" },
    );
    expect(hrefs(html)).toContain("https://acme.example.com/discount/A%20B%2FC%3FD");
  });

  it("sends a button without a link to the shop: the Website link, else the store's URL", () => {
    const shopButton: CampaignBlock[] = [{ id: "b", type: "button", label: "Shop now", url: "" }];
    expect(hrefs(render(shopButton).html)).toContain("https://acme.example.com");
    const website = { ...defaultCampaignContent.socialMediaLinks, website: "https://brand.example.com" };
    expect(render(shopButton, { socialMediaLinks: website }).html).toMatch(
      /<a href="https:\/\/brand\.example\.com"[^>]*>Shop now<\/a>/,
    );
    // No address at all (only the preview can have one): the button shows, and links nowhere.
    const nowhere = render(shopButton, {}, { ...vars, storeUrl: null });
    expect(nowhere.html).toMatch(/<span [^>]*>Shop now<\/span>/);
    expect(nowhere.text).toContain("Shop now\n");
    expect(hrefs(nowhere.html)).toEqual([vars.unsubscribeUrl]);
  });

  it("draws an https image as wide as the body at most, linked when it has a link", () => {
    const { html, text } = render([
      {
        id: "i",
        type: "image",
        url: "https://cdn.example.com/hero.png",
        alt: "Spring for [First Name]",
        link: "https://acme.example.com/spring",
      },
      { id: "j", type: "image", url: "https://cdn.example.com/plain.png", alt: "", link: "" },
    ]);
    expect(html).toContain(
      `<a href="https://acme.example.com/spring" target="_blank" style="text-decoration:none;"><img src="https://cdn.example.com/hero.png" alt="Spring for Jane" width="536" style="display:block;width:100%;max-width:536px;`,
    );
    expect(html).toMatch(
      /<td class="np-pad np-card" [^>]*><img src="https:\/\/cdn\.example\.com\/plain\.png" alt=""/,
    );
    expect(text).toContain("Spring for Jane: https://acme.example.com/spring");
  });

  it("leaves out an image that is not https, and an empty text", () => {
    const { html } = render([
      { id: "i", type: "image", url: "http://cdn.example.com/hero.png", alt: "Hero", link: "" },
      { id: "t", type: "text", text: " \n\n " },
      { id: "d", type: "divider" },
    ]);
    expect(html).not.toContain("cdn.example.com");
    const blockRows = bodyOf(html).match(
      /<tr><td class="np-pad np-card" style="padding:\d+px 32px \d+px 32px;/g,
    );
    expect(blockRows).toHaveLength(1);
    expect(bodyOf(html)).toContain("border-top:1px solid #e3e3e3");
  });

  it("shows the subscriber's code in the secondary-colour box, and a divider as a rule", () => {
    const { html, text } = render(
      [
        { id: "c", type: "discountCode" },
        { id: "d", type: "divider" },
        { id: "t", type: "text", text: "After the rule" },
      ],
      { secondaryColor: "#222222" },
    );
    expect(html).toContain("background-color:#222222;border-radius:8px;");
    expect(html).toMatch(/<p class="np-code np-on-fill"[^>]*>SPRING-JANE<\/p>/);
    expect(html).toContain("Your 20% discount code");
    expect(html).toContain("border-top:1px solid #e3e3e3;font-size:1px;");
    expect(text).toContain("Your 20% discount code: SPRING-JANE\n\n---\n\nAfter the rule");
  });

  it("has every block in order in the plain-text part, between the header and the footer", () => {
    const { text } = render(
      [
        { id: "t", type: "text", text: "Hi [First Name]," },
        { id: "b", type: "button", label: "Shop the sale", url: "https://acme.example.com/sale" },
        { id: "i", type: "image", url: "https://cdn.example.com/a.png", alt: "New arrivals", link: "" },
        { id: "c", type: "discountCode" },
        { id: "d", type: "divider" },
      ],
      { companyAddress: "1 Main St" },
    );
    const parts = [
      "News from our store",
      "Hi Jane,",
      "Shop the sale: https://acme.example.com/sale",
      "New arrivals",
      "Your 20% discount code: SPRING-JANE",
      "---",
      [defaultCampaignContent.footerText, defaultCampaignContent.footerNote, "1 Main St"].join("\n\n"),
      `Unsubscribe: ${vars.unsubscribeUrl}`,
    ];
    expect(text).toBe(`${parts.join("\n\n")}\n`);
    expect(text).not.toMatch(/<[a-z/]/i);
  });

  it("escapes everything a merchant or subscriber typed: no markup, handler or script URL survives", () => {
    const attack = `<script>alert(1)</script><img src=x onerror="alert(1)">"'`;
    const email = renderCampaignEmail(
      content(
        [
          { id: "t", type: "text", text: `${attack}\n\nhttps://evil.example.com/"onerror="alert(1)` },
          { id: "b", type: "button", label: attack, url: `javascript:alert(1)` },
          { id: "b2", type: "button", label: "Go", url: `https://acme.example.com/" onmouseover="alert(1)` },
          {
            id: "i",
            type: "image",
            url: `https://cdn.example.com/a.png" onerror="alert(1)`,
            alt: attack,
            link: "",
          },
          {
            id: "i2",
            type: "image",
            url: "https://cdn.example.com/ok.png",
            alt: attack,
            link: `data:text/html,${attack}`,
          },
        ],
        { headerText: attack, footerText: attack, primaryColor: `red;background:url(javascript:alert(1))` },
      ),
      { subject: attack, preheader: attack },
      { ...vars, firstName: attack, discountCode: attack, storeName: attack },
    );
    // Escaped text may still read "onerror" inside a quoted value; no tag may carry it as an attribute.
    const tags = (email.html.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""'));
    expect(tags.filter((tag) => /onerror|onmouseover|<script|<img src=x/i.test(tag))).toEqual([]);
    const urls = [...email.html.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1]);
    expect(urls.filter((url) => !/^https:\/\//.test(url ?? ""))).toEqual([]);
    expect(email.html).not.toMatch(/<script/i);
    expect(email.html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    expect(email.html).toContain(
      `alt="&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#34;&#39;"`,
    );
    // Only the URL in the text, cut at the quote, is a link besides unsubscribe.
    expect(hrefs(email.html)).toEqual(["https://evil.example.com/", vars.unsubscribeUrl]);
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it("sends every link but unsubscribe through rewriteLink, once each, in the html and the text", () => {
    const campaign = content(
      [
        {
          id: "t",
          type: "text",
          text: "New: https://acme.example.com/new and again https://acme.example.com/new",
        },
        { id: "b", type: "button", label: "Claim", url: "https://acme.example.com/discount/[DISCOUNT_CODE]" },
        {
          id: "i",
          type: "image",
          url: "https://cdn.example.com/a.png",
          alt: "Sale",
          link: "https://acme.example.com/sale",
        },
        { id: "s", type: "button", label: "Shop", url: "" },
      ],
      {
        socialMediaLinks: {
          ...defaultCampaignContent.socialMediaLinks,
          instagram: "https://instagram.com/acme",
        },
      },
    );
    const rewrite = vi.fn((url: string) => `https://track.example.com/t/${encodeURIComponent(url)}`);
    const { html, text } = renderCampaignEmail(campaign, envelope, vars, rewrite);
    const tracked = [
      "https://acme.example.com/new",
      "https://acme.example.com/discount/SPRING-JANE",
      "https://acme.example.com/sale",
      "https://acme.example.com",
      "https://instagram.com/acme",
    ];
    expect(campaignLinksIn(campaign, vars)).toEqual(tracked);
    expect(rewrite.mock.calls.map(([url]) => url)).toEqual(tracked);
    const links = hrefs(html);
    expect(
      links
        .filter((href) => href !== vars.unsubscribeUrl)
        .every((href) => href.startsWith("https://track.example.com/t/")),
    ).toBe(true);
    expect(links).toContain(vars.unsubscribeUrl);
    for (const url of tracked)
      expect(text).toContain(`https://track.example.com/t/${encodeURIComponent(url)}`);
    expect(text).toContain(`Unsubscribe: ${vars.unsubscribeUrl}`);
  });

  it("never turns the subscriber's name into a link", () => {
    const campaign = content([{ id: "t", type: "text", text: "Hi [First Name]" }]);
    const phisher = { ...vars, firstName: "https://phish.example.com", storeUrl: null };
    expect(campaignLinksIn(campaign, phisher)).toEqual([]);
    expect(hrefs(renderCampaignEmail(campaign, envelope, phisher).html)).toEqual([vars.unsubscribeUrl]);
  });

  it("keeps the frame: 600 px tables, the phone media query, logo, social links and the unsubscribe footer", () => {
    const { html } = render([{ id: "t", type: "text", text: "Hello" }], {
      headerLogo: "https://cdn.example.com/logo.png",
      socialMediaLinks: { ...defaultCampaignContent.socialMediaLinks, twitter: "https://twitter.com/acme" },
    });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<table role="presentation" width="600"');
    expect(html).toMatch(/<style>[\s\S]*@media only screen and \(max-width: 620px\) \{[\s\S]*\.np-pad \{/);
    expect(html).toContain('<img src="https://cdn.example.com/logo.png" alt="Acme Shop" width="160"');
    expect(html).toMatch(/<a href="https:\/\/twitter\.com\/acme"[^>]*>Twitter<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/app\.example\.com\/u\/tok-123\?c=send-1"[^>]*>Unsubscribe<\/a>/);
    // Every block row narrows on phones like the rest of the email.
    expect(bodyOf(html)).toMatch(
      /<tr><td class="np-pad np-card" style="padding:32px 32px 16px 32px;background-color:#ffffff;"><p /,
    );
  });
});
