import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, createStoreFor } from "../support/builders/actors";
import {
  createMember,
  createOrganizationWithAdmin,
  createSecondOrganization,
} from "../support/builders/fixtures";
import { updateAndPublish } from "../support/builders/published-popup";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";

type Template = {
  templateName: string;
  subject: string;
  headerLogo: string;
  headerText: string;
  bodyContent: string;
  footerText: string;
  footerNote: string;
  socialMediaLinks: Record<string, string>;
  companyAddress: string;
  primaryColor: string;
  secondaryColor: string;
  isActive: boolean;
};

let app: AppServer;
let admin: HttpClient;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let storeId: string;
let templateUrl: string;

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  const store = await createStoreFor(owner.admin.id, { name: "Sunny Shoes" });
  storeId = store.id;
  templateUrl = `/api/stores/${storeId}/email-template`;
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
});

describe("GET /api/stores/:id/email-template", () => {
  it("returns the SPEC defaults for a new store, uncached", async () => {
    const response = await admin.get<Template>(templateUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.body).toMatchObject({
      templateName: "Welcome Email Template",
      headerLogo: "",
      socialMediaLinks: { website: "", linkedin: "", twitter: "", facebook: "", instagram: "" },
      companyAddress: "",
      primaryColor: "#0071b9",
      secondaryColor: "#00c68c",
      isActive: true,
    });
    // The offer's figures are placeholders, filled from the popup at each send.
    expect(response.body.subject).toContain("[DISCOUNT_PERCENT]%");
    expect(response.body.bodyContent).toContain("[DISCOUNT_PERCENT]%");
    expect(response.body.bodyContent).toContain("[First Name]");
    expect(response.body.bodyContent).toContain("[DISCOUNT_CODE]");
  });
});

describe("PUT /api/stores/:id/email-template", () => {
  it("changes only the fields sent and merges social links", async () => {
    const before = (await admin.get<Template>(templateUrl)).body;
    await admin.put(templateUrl, { socialMediaLinks: { twitter: "https://twitter.com/sunny" } });
    const response = await admin.put<Template>(templateUrl, {
      subject: "  Welcome, [First Name]!  ",
      primaryColor: "#112233",
      socialMediaLinks: { website: "https://sunny.example.com" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      subject: "Welcome, [First Name]!",
      primaryColor: "#112233",
      socialMediaLinks: {
        website: "https://sunny.example.com",
        twitter: "https://twitter.com/sunny",
        linkedin: "",
      },
      templateName: before.templateName,
      bodyContent: before.bodyContent,
      secondaryColor: before.secondaryColor,
    });
    expect((await admin.get(templateUrl)).body).toEqual(response.body);
  });

  it.each([
    [{ primaryColor: "blue" }, "Primary colour must be a hex colour like #0071b9"],
    [{ secondaryColor: "#12345g" }, "Secondary colour must be a hex colour like #0071b9"],
    [{ headerLogo: "http://cdn.example.com/logo.png" }, "Header logo URL must be an https:// image URL"],
    [
      { socialMediaLinks: { facebook: "javascript:alert(1)" } },
      "Facebook must be a full URL starting with http:// or https://",
    ],
    [{ subject: "   " }, "Subject is required"],
    [{ templateName: "" }, "Template name is required"],
    [{ subject: "x".repeat(201) }, "Subject must be at most 200 characters"],
    [{ isActive: false }, undefined],
    [{ socialMediaLinks: { youtube: "https://youtube.com/x" } }, undefined],
  ])("refuses %j", async (change, message) => {
    const before = await admin.get(templateUrl);
    const response = await admin.put<{ message: string }>(templateUrl, change);
    expect(response.status).toBe(422);
    if (message) expect(response.body.message).toBe(message);
    expect((await admin.get(templateUrl)).body).toEqual(before.body);
  });

  it("accepts an empty logo and empty social links", async () => {
    const response = await admin.put<Template>(templateUrl, {
      headerLogo: "",
      socialMediaLinks: { website: "" },
    });
    expect(response.status).toBe(200);
    expect(response.body.headerLogo).toBe("");
    expect(response.body.socialMediaLinks.website).toBe("");
  });
});

describe("POST /api/email-template/preview", () => {
  it("renders the fields sent with the store's own discount code", async () => {
    await updateAndPublish(await actorFor(owner.admin.id), storeId, {
      discountCode: "SUNNY25",
      discountPercentage: 25,
    });
    const response = await admin.post<{ html: string }>("/api/email-template/preview", {
      storeId,
      subject: "Hello",
      headerText: "Hi [First Name]",
      bodyContent: "Your code: [DISCOUNT_CODE]",
    });
    expect(response.status).toBe(200);
    expect(response.body.html).toContain("Hi Alex");
    expect(response.body.html).toContain("Your code: SUNNY25");
    expect(response.body.html).toContain("Your 25% discount code");
    expect(response.body.html).toMatch(/<a href="[^"]*\/u\/preview"[^>]*>Unsubscribe<\/a>/);
    expect(response.body.html).not.toContain("[DISCOUNT_CODE]");
  });

  it("shows the offer's conditions under the code and where [OFFER_CONDITIONS] is written", async () => {
    await updateAndPublish(await actorFor(owner.admin.id), storeId, {
      offerKind: "fixed-amount",
      discountAmount: 10,
      minimumSubtotal: 50,
    });
    const response = await admin.post<{ html: string }>("/api/email-template/preview", {
      storeId,
      bodyContent: "Terms: [OFFER_CONDITIONS]",
    });
    const conditions = /On orders of \$50 or more\. Valid until \d{1,2} \w+ \d{4}\. One use per customer\./g;
    expect(response.body.html).toContain("Your $10 discount code");
    expect(response.body.html.match(conditions)).toHaveLength(2);
    expect(response.body.html).toMatch(/Terms: On orders of \$50 or more\./);
    await updateAndPublish(await actorFor(owner.admin.id), storeId, {
      offerKind: "percentage",
      minimumSubtotal: null,
    });
  });

  it("uses sample values and the default template without a store", async () => {
    const response = await admin.post<{ html: string }>("/api/email-template/preview", {});
    expect(response.status).toBe(200);
    expect(response.body.html).toContain("WELCOME15");
    expect(response.body.html).toContain("Welcome to our newsletter!");
    expect(response.body.html).toContain("background-color:#0071b9");
  });

  it("escapes what the editor sends", async () => {
    const response = await admin.post<{ html: string }>("/api/email-template/preview", {
      headerText: "<script>alert(1)</script>",
      bodyContent: '<img src=x onerror="alert(1)">',
    });
    expect(response.body.html).not.toMatch(/<script|<img src=x/);
  });
});

describe("tenancy and permissions", () => {
  it("answers 404 to another organization for the template and for a preview with its store", async () => {
    const other = await createSecondOrganization();
    const stranger = new HttpClient(app.url);
    await stranger.login(other.email, other.password);
    const before = (await admin.get(templateUrl)).body;
    expect((await stranger.get(templateUrl)).status).toBe(404);
    expect((await stranger.put(templateUrl, { subject: "Hijacked" })).status).toBe(404);
    const preview = await stranger.post("/api/email-template/preview", { storeId });
    expect(preview.status).toBe(404);
    expect(preview.text).not.toContain("SUNNY25");
    expect((await admin.get(templateUrl)).body).toEqual(before);
  });

  it("answers 403 to a member without manage_email_settings", async () => {
    const { email, password } = await createMember(owner.organization.id, {
      manage_popups: true,
      manage_stores: true,
    });
    const member = new HttpClient(app.url);
    await member.login(email, password);
    expect((await member.get(templateUrl)).status).toBe(403);
    expect((await member.put(templateUrl, { subject: "Nope" })).status).toBe(403);
    expect((await member.post("/api/email-template/preview", {})).status).toBe(403);
  });

  it("lets a member with manage_email_settings edit the template", async () => {
    const { email, password } = await createMember(owner.organization.id, { manage_email_settings: true });
    const member = new HttpClient(app.url);
    await member.login(email, password);
    const response = await member.put<Template>(templateUrl, { footerNote: "Sent by the team" });
    expect(response.status).toBe(200);
    expect(response.body.footerNote).toBe("Sent by the team");
  });
});
