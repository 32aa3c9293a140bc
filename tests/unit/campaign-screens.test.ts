import { describe, expect, it } from "vitest";
import { moveBlock, newBlock } from "~/components/campaigns/blocks";
import { audienceText, campaignDateText, figureText } from "~/components/campaigns/figures";
import { audienceOfFilters, campaignNameFor } from "~/lib/campaign-audience";
import { defaultCampaignAudience } from "~/lib/schemas/campaigns";

const NOW = new Date("2026-11-24T10:30:00Z");

describe("audienceOfFilters (the Subscribers screen's Send campaign)", () => {
  it("keeps the search and starts a date range on the UTC day it reaches back to", () => {
    expect(audienceOfFilters({ dateRange: "30", status: "all", search: "acme" }, NOW)).toEqual({
      ...defaultCampaignAudience,
      from: "2026-10-25",
      search: "acme",
    });
  });

  it("reaches every active subscriber with no filter, whatever the status filter says", () => {
    expect(audienceOfFilters({ dateRange: "all", status: "unsubscribed", search: "" }, NOW)).toEqual(
      defaultCampaignAudience,
    );
  });

  it("names the campaign after the day", () => {
    expect(campaignNameFor(NOW)).toBe("Campaign Nov 24, 2026");
  });
});

describe("content blocks", () => {
  const blocks = ["a", "b", "c"].map((id) => newBlock("divider", id));
  const ids = (list: { id: string }[]) => list.map((block) => block.id);

  it("start empty but for a button's label", () => {
    expect(newBlock("text", "t")).toEqual({ id: "t", type: "text", text: "" });
    expect(newBlock("button", "b")).toEqual({ id: "b", type: "button", label: "Shop now", url: "" });
    expect(newBlock("image", "i")).toEqual({ id: "i", type: "image", url: "", alt: "", link: "" });
    expect(newBlock("discountCode", "d")).toEqual({ id: "d", type: "discountCode" });
  });

  it("move one place up or down, and stay at either end", () => {
    expect(ids(moveBlock(blocks, 1, -1))).toEqual(["b", "a", "c"]);
    expect(ids(moveBlock(blocks, 1, 1))).toEqual(["a", "c", "b"]);
    expect(moveBlock(blocks, 0, -1)).toBe(blocks);
    expect(moveBlock(blocks, 2, 1)).toBe(blocks);
  });
});

describe("campaign figures", () => {
  const dates = { createdAt: "2026-11-20T08:00:00Z", scheduledAt: null, startedAt: null, finishedAt: null };

  it("read '—' until the campaign starts", () => {
    expect(figureText("draft", 0)).toBe("—");
    expect(figureText("sending", 1250)).toBe("1,250");
  });

  it("date a campaign by the moment its state is about", () => {
    expect(campaignDateText({ ...dates, status: "draft" })).toBe("Created Nov 20, 2026");
    expect(campaignDateText({ ...dates, status: "scheduled", scheduledAt: "2026-12-01T09:00:00Z" })).toBe(
      "Scheduled for Dec 1, 2026, 09:00 UTC",
    );
    expect(
      campaignDateText({
        ...dates,
        status: "sent",
        startedAt: "2026-11-21T09:00:00Z",
        finishedAt: "2026-11-22T09:00:00Z",
      }),
    ).toBe("Sent Nov 22, 2026");
  });

  it("say the audience in words", () => {
    expect(audienceText(defaultCampaignAudience)).toBe("All active subscribers");
    expect(
      audienceText({ from: "2026-11-01", to: null, search: "gold", codeUsed: "no", confirmedOnly: true }),
    ).toBe('Subscribed from Nov 1, 2026 · Search "gold" · Code not used yet · Confirmed addresses only');
  });
});
