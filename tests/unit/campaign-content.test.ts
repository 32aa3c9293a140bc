import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  applyContentChanges,
  type CampaignBlock,
  campaignContentChangesSchema,
  campaignContentPreviewSchema,
  campaignContentSchema,
  defaultCampaignContent,
} from "~/lib/schemas/campaign-content";
import { campaignPreviewSchema } from "~/lib/schemas/campaigns";
import { defaultEmailTemplate } from "~/lib/schemas/email-template";

/** Each failing path with its messages, as the API's 422 lists them. */
function errorsOf(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    errors[path] = [...(errors[path] ?? []), issue.message];
  }
  return errors;
}

const blocksErrors = (blocks: unknown) => errorsOf(campaignContentChangesSchema.safeParse({ blocks }));

describe("a campaign's blocks", () => {
  it("accepts each kind of block, a shop's discount link with merge tags and a button to the shop", () => {
    const blocks = [
      { id: "intro", type: "text", text: "Hi [First Name],\n\nOur sale starts today." },
      {
        id: "cta",
        type: "button",
        label: "Use [DISCOUNT_CODE]",
        url: "https://shop.example/discount/[DISCOUNT_CODE]",
      },
      { id: "percent", type: "button", label: "Save", url: "https://shop.example/?off=[ discount_percent ]" },
      { id: "shop", type: "button", label: "Shop now", url: "" },
      {
        id: "hero",
        type: "image",
        url: "https://cdn.example/hero.png",
        alt: "Spring",
        link: "https://shop.example",
      },
      { id: "plain-image", type: "image", url: "https://cdn.example/b.png" },
      { id: "code", type: "discountCode" },
      { id: "rule_1", type: "divider" },
    ];
    const parsed = campaignContentChangesSchema.parse({ blocks });
    expect(parsed.blocks).toHaveLength(8);
    expect(parsed.blocks?.[5]).toEqual({
      id: "plain-image",
      type: "image",
      url: "https://cdn.example/b.png",
      alt: "",
      link: "",
    });
  });

  it("says what is wrong with a block, on the block's field", () => {
    expect(
      blocksErrors([
        { id: "a", type: "video" },
        "text",
        { id: "c", type: "text", text: "  " },
        { id: "d", type: "button", label: "", url: "javascript:alert(1)" },
        { id: "e", type: "button", label: "Go", url: "shop.example/sale" },
        { id: "f", type: "button", label: "Hi", url: "https://shop.example/[First Name]" },
        { id: "g", type: "image", url: "http://cdn.example/a.png", link: "ftp://files.example" },
        { id: "h", type: "image", url: "" },
        { id: "i", type: "divider", color: "red" },
        { type: "divider" },
        { id: "has space", type: "divider" },
        { id: "j", type: "text", text: "x".repeat(10_001) },
      ]),
    ).toEqual({
      "blocks.0.type": ["Block type must be one of text, button, image, discountCode or divider"],
      "blocks.1": ["Each block must be an object"],
      "blocks.2.text": ["Block text is required"],
      "blocks.3.label": ["Button label is required"],
      "blocks.3.url": ["Button URL must be an http:// or https:// link"],
      "blocks.4.url": ["Button URL must be an http:// or https:// link"],
      // The name is never part of a link: anyone can type one into the popup.
      "blocks.5.url": ["Button URL must be an http:// or https:// link"],
      "blocks.6.url": ["Image URL must be an https:// image URL"],
      "blocks.6.link": ["Image link must be an http:// or https:// link"],
      "blocks.7.url": ["Image URL is required"],
      "blocks.8": ['Unrecognized key: "color"'],
      "blocks.9.id": ["Block id must be text"],
      "blocks.10.id": ["Block id must be 1 to 40 letters, digits, - or _"],
      "blocks.11.text": ["Block text must be at most 10000 characters"],
    });
  });

  it("wants 1 to 50 blocks, each with its own id", () => {
    expect(blocksErrors([])).toEqual({ blocks: ["Add at least one block"] });
    const divider = (index: number): CampaignBlock => ({ id: `rule-${index}`, type: "divider" });
    expect(blocksErrors(Array.from({ length: 51 }, (_, index) => divider(index)))).toEqual({
      blocks: ["A campaign has at most 50 blocks"],
    });
    expect(
      campaignContentChangesSchema.safeParse({
        blocks: Array.from({ length: 50 }, (_, index) => divider(index)),
      }).success,
    ).toBe(true);
    expect(blocksErrors([divider(1), divider(2), divider(1)])).toEqual({
      "blocks.2.id": ["Each block needs its own id"],
    });
    expect(blocksErrors("text")).toEqual({ blocks: ["blocks must be a list of blocks"] });
  });
});

describe("a campaign's content", () => {
  it("starts from the template's frame, a greeting and a button to the shop", () => {
    expect(campaignContentSchema.parse(defaultCampaignContent)).toEqual(defaultCampaignContent);
    expect(defaultCampaignContent).toMatchObject({
      primaryColor: defaultEmailTemplate.primaryColor,
      footerNote: defaultEmailTemplate.footerNote,
      socialMediaLinks: defaultEmailTemplate.socialMediaLinks,
    });
    expect(defaultCampaignContent.blocks).toEqual([
      expect.objectContaining({ type: "text", text: expect.stringContaining("Hi [First Name],") }),
      expect.objectContaining({ type: "button", label: "Shop now", url: "" }),
    ]);
  });

  it("checks the frame as the email template does", () => {
    expect(
      errorsOf(
        campaignContentChangesSchema.safeParse({
          primaryColor: "blue",
          headerLogo: "http://cdn.example/logo.png",
          socialMediaLinks: { twitter: "twitter.com/acme", myspace: "https://myspace.example" },
          bodyContent: "Not a campaign field",
        }),
      ),
    ).toEqual({
      primaryColor: ["Primary colour must be a hex colour like #0071b9"],
      headerLogo: ["Header logo URL must be an https:// image URL"],
      "socialMediaLinks.twitter": ["Twitter must be a full URL starting with http:// or https://"],
      socialMediaLinks: ['Unrecognized key: "myspace"'],
      "": ['Unrecognized key: "bodyContent"'],
    });
  });

  it("merges frame changes, social links one by one, and replaces the blocks when given", () => {
    const content = {
      ...defaultCampaignContent,
      socialMediaLinks: { ...defaultCampaignContent.socialMediaLinks, website: "https://shop.example" },
    };
    const renamed = applyContentChanges(
      content,
      campaignContentChangesSchema.parse({
        headerText: "Spring",
        socialMediaLinks: { twitter: "https://x.example/acme" },
      }),
    );
    expect(renamed.headerText).toBe("Spring");
    expect(renamed.socialMediaLinks).toMatchObject({
      website: "https://shop.example",
      twitter: "https://x.example/acme",
    });
    expect(renamed.blocks).toEqual(content.blocks);

    const reblocked = applyContentChanges(
      renamed,
      campaignContentChangesSchema.parse({ blocks: [{ id: "only", type: "divider" }] }),
    );
    expect(reblocked.blocks).toEqual([{ id: "only", type: "divider" }]);
    expect(reblocked.headerText).toBe("Spring");
  });
});

describe("the preview's content", () => {
  it("takes a half-typed link or colour, and fills what is missing from a new campaign's", () => {
    const parsed = campaignContentPreviewSchema.parse({
      primaryColor: "#12",
      blocks: [
        { id: "a", type: "button", label: "", url: "https://sho" },
        { id: "b", type: "image", url: "http://cdn" },
        { id: "c", type: "text", text: "" },
      ],
    });
    expect(parsed.primaryColor).toBe("#12");
    expect(parsed.headerText).toBe(defaultCampaignContent.headerText);
    expect(parsed.blocks[1]).toEqual({ id: "b", type: "image", url: "http://cdn", alt: "", link: "" });
    expect(campaignPreviewSchema.parse({})).toEqual({
      subject: "",
      preheader: "",
      discountCode: "",
      content: { ...defaultCampaignContent },
    });
  });

  it("still checks types and lengths", () => {
    expect(
      errorsOf(
        campaignPreviewSchema.safeParse({
          subject: "x".repeat(201),
          content: {
            footerText: 3,
            blocks: [
              { id: "a", type: "poll" },
              { id: "b", type: "text", text: "x".repeat(10_001) },
            ],
          },
        }),
      ),
    ).toEqual({
      subject: ["Subject must be at most 200 characters"],
      "content.footerText": ["Footer text must be text"],
      "content.blocks.0.type": ["Block type must be one of text, button, image, discountCode or divider"],
      "content.blocks.1.text": ["Block text must be at most 10000 characters"],
    });
  });
});
