import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stores, userPreferences } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createMember, FIXTURE_PASSWORD } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";

const signedIn = useSignedInApp();

type StoreView = {
  name: string;
  shopifyUrl: string | null;
  customDomain: string | null;
  isConnected: boolean;
  shopifyAccessToken: string | null;
  socialLinks: Record<string, string>;
};

async function storeRow(id: string) {
  const [row] = await testDb().select().from(stores).where(eq(stores.id, id));
  return row;
}

describe("notification settings (GET/PUT /api/user-preferences)", () => {
  it("start from the SPEC defaults, notifications to the user's own address", async () => {
    const { member, email } = await createMember(signedIn.owner.organization.id, {
      manage_email_settings: true,
    });
    const client = new HttpClient(signedIn.app.url);
    await client.login(email, FIXTURE_PASSWORD);
    const response = await client.get("/api/user-preferences");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      userId: member.id,
      adminNotificationEmail: email,
      enableAnalytics: true,
      sendWelcomeEmail: true,
      enableDoubleOptIn: false,
      validateDiscountCode: true,
      notifyOnSubscriptions: true,
      dailySubscriberSummary: false,
      alertOnUnsubscribeRate: true,
    });
  });

  it("save a partial change and keep the rest", async () => {
    const response = await signedIn.admin.put("/api/user-preferences", { dailySubscriberSummary: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ dailySubscriberSummary: true, sendWelcomeEmail: true });
  });

  it.each([
    [{ adminNotificationEmail: "not-an-email" }, "Invalid email address"],
    [{ enableAnalytics: "yes" }, "expected boolean"],
    [{ unknownSetting: true }, "Unrecognized key"],
  ])("refuse %j with a clear message and change nothing", async (body, message) => {
    const [before] = await testDb()
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, signedIn.owner.admin.id));
    const response = await signedIn.admin.put<{ message: string }>("/api/user-preferences", body);
    expect(response.status).toBe(422);
    expect(response.body.message).toContain(message);
    const [after] = await testDb()
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, signedIn.owner.admin.id));
    expect(after).toEqual(before);
  });
});

describe("email configuration", () => {
  it.each(["127.0.0.1", "localhost", "10.1.2.3", "[::1]"])(
    "refuses an SMTP host inside our network (%s) and keeps the saved settings",
    async (smtpHost) => {
      const { id } = await createStoreFor(signedIn.owner.admin.id);
      const url = `/api/stores/${id}/email-settings`;
      const before = await signedIn.admin.get(url);
      const refused = await signedIn.admin.put(url, { smtpHost, smtpPort: 25, fromEmail: "hi@acme.example" });
      const message = `${smtpHost} points to a private network address; use a public host`;
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ message, errors: { smtpHost: [message] } });
      expect((await signedIn.admin.get(url)).body).toEqual(before.body);
    },
  );
});

describe("general settings", () => {
  it("rename the store and set, then clear, its custom domain", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const url = `/api/stores/${store.id}`;
    expect((await signedIn.admin.put<StoreView>(url, { name: "Renamed Shop" })).body.name).toBe(
      "Renamed Shop",
    );
    const withDomain = await signedIn.admin.put<StoreView>(url, {
      customDomain: "https://shop.acme.example",
    });
    expect(withDomain.body.customDomain).toBe("https://shop.acme.example");
    expect((await signedIn.admin.put<StoreView>(url, { customDomain: "" })).body.customDomain).toBeNull();
  });

  it.each([
    [{ name: "" }, "Please fill in all required fields"],
    [{ shopifyUrl: "file:///etc/passwd" }, "Enter a full site URL"],
    [{ customDomain: "javascript:alert(1)" }, "Enter a full site URL"],
  ])("refuse %j and keep the store as it was", async (body, message) => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const before = await storeRow(store.id);
    const response = await signedIn.admin.put<{ message: string }>(`/api/stores/${store.id}`, body);
    expect(response.status).toBe(422);
    expect(response.body.message).toContain(message);
    expect(await storeRow(store.id)).toEqual(before);
  });
});

describe("a Shopify store's URL", () => {
  async function connectedShopifyStore() {
    const store = await createStoreFor(signedIn.owner.admin.id, {
      shopifyAccessToken: "shpat_0123456789abcdef",
    });
    await testDb()
      .update(stores)
      .set({ integrationType: "shopify", shopifyUrl: "https://acme.myshopify.com", isConnected: true })
      .where(eq(stores.id, store.id));
    return store;
  }

  it("keeps the connection when the same shop is written differently", async () => {
    const store = await connectedShopifyStore();
    const response = await signedIn.admin.put<StoreView>(`/api/stores/${store.id}`, {
      shopifyUrl: "https://ACME.myshopify.com",
    });
    expect(response.body).toMatchObject({
      isConnected: true,
      shopifyAccessToken: expect.stringMatching(/^shpa•+cdef$/),
    });
  });

  it("disconnects and forgets the token when it moves to another shop", async () => {
    const store = await connectedShopifyStore();
    const response = await signedIn.admin.put<StoreView>(`/api/stores/${store.id}`, {
      shopifyUrl: "https://other-shop.myshopify.com",
    });
    expect(response.body).toMatchObject({
      isConnected: false,
      shopifyAccessToken: null,
      shopifyUrl: "https://other-shop.myshopify.com",
    });
    expect((await storeRow(store.id))?.shopifyStoreName).toBe("other-shop");
  });
});

describe("social links", () => {
  it("refuse a link that is not a web address", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const response = await signedIn.admin.put<{ message: string }>(`/api/stores/${store.id}`, {
      socialLinks: { twitter: "javascript:alert(1)" },
    });
    expect(response.status).toBe(422);
    expect((await storeRow(store.id))?.socialLinks.twitter).toBe("");
  });

  it("complete a link typed without https://", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const response = await signedIn.admin.put(`/api/stores/${store.id}`, {
      socialLinks: { instagram: "instagram.com/acme", youtube: " www.youtube.com/@acme " },
    });
    expect(response.status).toBe(200);
    expect((await storeRow(store.id))?.socialLinks).toMatchObject({
      instagram: "https://instagram.com/acme",
      youtube: "https://www.youtube.com/@acme",
    });
  });

  it("appear in the storefront's popup as soon as they are saved", async () => {
    const store = await createStoreFor(signedIn.owner.admin.id);
    const popupUrl = `${signedIn.app.url}/api/public/stores/${store.id}/popup`;
    expect((await (await fetch(popupUrl)).json()).socialLinks).toEqual({});
    await signedIn.admin.put(`/api/stores/${store.id}`, {
      socialLinks: { instagram: "https://instagram.com/acme", quora: "https://quora.com/profile/acme" },
    });
    expect((await (await fetch(popupUrl)).json()).socialLinks).toEqual({
      instagram: "https://instagram.com/acme",
      quora: "https://quora.com/profile/acme",
    });
  });
});
