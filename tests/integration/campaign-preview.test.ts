import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, popupConfigs } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin, createSecondOrganization } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

type Preview = { subject: string; html: string; text: string };

let app: AppServer;
let admin: HttpClient;
let path: string;
let shopUrl: string;

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin();
  const store = await createStoreFor(owner.admin.id, { name: "Acme Outdoors" });
  shopUrl = store.shopifyUrl ?? "";
  path = `/api/stores/${store.id}/campaigns/preview`;
  await testDb()
    .update(popupConfigs)
    .set({ discountCode: "SPRING25", discountPercentage: 25 })
    .where(eq(popupConfigs.storeId, store.id));
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
});

const preview = (body: unknown) => admin.post<Preview>(path, body);

/** The code's last day, as the English conditions write it, for a code given now. */
const lastDayFromNow = (days: number) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.now() + days * 24 * 3600 * 1000);

describe("POST /api/stores/:storeId/campaigns/preview", () => {
  it("shows the campaign's own discount code in place of the store's welcome code", async () => {
    const content = { blocks: [{ id: "code", type: "discountCode" }] };
    const own = await preview({ subject: "Code [DISCOUNT_CODE]", discountCode: "FLASH30", content });
    expect(own.body.subject).toBe("Code FLASH30");
    expect(own.body.html).toMatch(/<p class="np-code np-on-fill"[^>]*>FLASH30<\/p>/);
    const fallback = await preview({ subject: "Code [DISCOUNT_CODE]", discountCode: "", content });
    expect(fallback.body.subject).toBe("Code SPRING25");
  });

  it("renders the unsaved campaign for a sample reader with the store's own offer", async () => {
    const response = await preview({
      subject: "[First Name], [DISCOUNT_PERCENT]% off starts now",
      preheader: "Your code: [DISCOUNT_CODE]",
      content: {
        headerText: "Spring sale",
        blocks: [
          { id: "hi", type: "text", text: "Hi [First Name],\n\nEverything is [DISCOUNT_PERCENT]% off." },
          { id: "code", type: "discountCode" },
          {
            id: "claim",
            type: "button",
            label: "Claim",
            url: "https://acme.example/discount/[DISCOUNT_CODE]",
          },
          { id: "rule", type: "divider" },
          { id: "hero", type: "image", url: "https://cdn.acme.example/hero.png", alt: "Tents", link: "" },
        ],
      },
    });
    expect(response.status).toBe(200);
    const { subject, html, text } = response.body;
    expect(subject).toBe("Alex, 25% off starts now");
    expect(html).toMatch(/<div style="display:none;[^"]*">Your code: SPRING25<\/div>/);
    expect(html).toContain("Everything is 25% off.");
    expect(html).toMatch(/<p class="np-code np-on-fill"[^>]*>SPRING25<\/p>/);
    expect(html).toMatch(/<a href="https:\/\/acme\.example\/discount\/SPRING25"[^>]*>Claim<\/a>/);
    expect(html).toContain('<img src="https://cdn.acme.example/hero.png" alt="Tents"');
    expect(text).toContain(
      [
        "Spring sale",
        "Hi Alex,\n\nEverything is 25% off.",
        // The code's conditions follow it: a reader subscribing now has it for the popup's 30 days.
        `Your 25% discount code: SPRING25\nValid until ${lastDayFromNow(30)}. One use per customer.`,
        "Claim: https://acme.example/discount/SPRING25",
        "---",
        "Tents",
      ].join("\n\n"),
    );
    // A preview saves nothing.
    const [saved] = await testDb().select({ count: sql<number>`count(*)::int` }).from(campaigns);
    expect(saved?.count).toBe(0);
  });

  it("shows a new campaign's content when none is sent, its button linking to the store", async () => {
    const response = await preview({});
    expect(response.status).toBe(200);
    expect(response.body.subject).toBe("");
    expect(response.body.html).toContain("Hi Alex,");
    expect(response.body.html).toMatch(
      new RegExp(`<a href="${shopUrl.replace(/[.?]/g, "\\$&")}"[^>]*>Shop now</a>`),
    );
  });

  it("previews a half-typed link or colour as the email would show it", async () => {
    const response = await preview({
      content: {
        primaryColor: "#00",
        blocks: [
          { id: "b", type: "button", label: "Claim", url: "acme.exa" },
          { id: "i", type: "image", url: "http://cdn.acme.example/hero.png", alt: "Tents", link: "" },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.html).toMatch(/<span [^>]*>Claim<\/span>/);
    expect(response.body.html).not.toContain("cdn.acme.example");
    expect(response.body.html).toContain("background-color:#0071b9");
  });

  it("shows what merchants type as text, never as markup", async () => {
    const response = await preview({
      subject: "<b>Hi</b>",
      content: {
        blocks: [
          { id: "t", type: "text", text: '<script>alert("x")</script><img src=x onerror=alert(1)>' },
          { id: "b", type: "button", label: "<i>Go</i>", url: 'https://acme.example/"><script>' },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.html).not.toMatch(/<script|<img src=x|<i>Go/);
    expect(response.body.html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
    expect(response.body.subject).toBe("<b>Hi</b>");
  });

  it("checks types and lengths, with a message per field", async () => {
    const response = await admin.post<{ errors: Record<string, string[]> }>(path, {
      subject: "x".repeat(201),
      content: {
        blocks: [
          { id: "a", type: "poll" },
          { id: "b", type: "text", text: 42 },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      subject: ["Subject must be at most 200 characters"],
      "content.blocks.0.type": ["Block type must be one of text, button, image, discountCode or divider"],
      "content.blocks.1.text": ["Block text must be text"],
    });
  });

  it("is not a campaign's id: only POST, and another organization's store is not found", async () => {
    expect((await admin.get(path)).status).toBe(405);
    const other = await createSecondOrganization();
    const stranger = new HttpClient(app.url);
    await stranger.login(other.email, other.password);
    expect((await stranger.post(path, {})).status).toBe(404);
  });
});
