import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentTexts, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { editAndPublish } from "../support/builders/published-popup";
import { useSignedInApp } from "../support/clients/signed-in-app";
import { testDb } from "../support/infra/db";

/**
 * The consent a subscriber gave, provable: the sentence and privacy link the popup showed (per popup and per
 * variant, the store's name filled in), its version stored with the consent record and in the export, and
 * the words of every version on record.
 */

const signedIn = useSignedInApp({ SUBSCRIBE_LIMIT_PER_IP: "1000" });

type PublicPopup = {
  id: string;
  consentText: string;
  privacyPolicyUrl: string | null;
  variants: { id: string; consentText?: string }[];
};

/** The version as the popup's words and link make it: 16 hex digits of their SHA-256. */
const versionOf = (text: string, url: string | null) =>
  createHash("sha256")
    .update(`${text}\n${url ?? ""}`)
    .digest("hex")
    .slice(0, 16);

async function storeNamed(name: string) {
  return createStoreFor(signedIn.owner.admin.id, { name });
}

async function publicPopups(storeId: string): Promise<PublicPopup[]> {
  const response = await fetch(`${signedIn.app.url}/api/public/stores/${storeId}/popups`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { popups: PublicPopup[] }).popups;
}

function subscribe(storeId: string, body: Record<string, unknown>) {
  return fetch(`${signedIn.app.url}/api/public/stores/${storeId}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://shop.example.com" },
    body: JSON.stringify(body),
  });
}

async function consentVersionOf(email: string) {
  const [row] = await testDb()
    .select({ consentVersion: subscribers.consentVersion })
    .from(subscribers)
    .where(eq(subscribers.email, email));
  return row?.consentVersion;
}

describe("the privacy policy URL (Settings)", () => {
  it("is saved, and cleared with an empty value", async () => {
    const store = await storeNamed("Policy Shop");
    const saved = await signedIn.admin.put<{ privacyPolicyUrl: string | null }>(`/api/stores/${store.id}`, {
      privacyPolicyUrl: "https://policy-shop.example/privacy",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.privacyPolicyUrl).toBe("https://policy-shop.example/privacy");
    const cleared = await signedIn.admin.put<{ privacyPolicyUrl: string | null }>(`/api/stores/${store.id}`, {
      privacyPolicyUrl: "",
    });
    expect(cleared.body.privacyPolicyUrl).toBeNull();
  });

  it.each([
    "javascript:alert(1)",
    "notaurl",
    "ftp://policy.example/privacy",
    `https://policy.example/${"a".repeat(2100)}`,
    42,
  ])("refuses %s with 422 and a message on the field", async (privacyPolicyUrl) => {
    const store = await storeNamed("Bad Policy Shop");
    const refused = await signedIn.admin.put<{ message: string; errors: Record<string, string[]> }>(
      `/api/stores/${store.id}`,
      { privacyPolicyUrl },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors.privacyPolicyUrl?.[0]).toMatch(/privacy policy|too long|expected/i);
  });
});

describe("the consent text", () => {
  it("is the lawful default with the store's name and its policy link, as the storefront receives it", async () => {
    const store = await storeNamed("Default Consent Shop");
    await signedIn.admin.put(`/api/stores/${store.id}`, {
      privacyPolicyUrl: "https://default.example/privacy",
    });
    const [popup] = await publicPopups(store.id);
    expect(popup).toMatchObject({
      consentText:
        "By signing up you agree to receive marketing emails from Default Consent Shop. You can unsubscribe at any time.",
      privacyPolicyUrl: "https://default.example/privacy",
    });
  });

  it("links a Shopify shop's own privacy policy when Settings has none", async () => {
    const created = await signedIn.admin.post<{ id: string }>("/api/stores", {
      name: "Shopify Consent Shop",
      integrationType: "shopify",
      shopifyUrl: "https://consent-test-shop.myshopify.com",
      shopifyStoreName: "consent-test-shop",
    });
    expect(created.status, created.text).toBe(201);
    const [popup] = await publicPopups(created.body.id);
    expect(popup?.privacyPolicyUrl).toBe("https://consent-test-shop.myshopify.com/policies/privacy-policy");
  });

  it("cannot be emptied or be longer than 500 characters, for the popup or a variant", async () => {
    const store = await storeNamed("Strict Consent Shop");
    for (const consentText of ["", "   ", "x".repeat(501), 7]) {
      const refused = await signedIn.admin.put<{ message: string }>(`/api/stores/${store.id}/popup`, {
        consentText,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^Consent text (is required|must be)/);
    }
    const variant = await signedIn.admin.put<{ message: string }>(`/api/stores/${store.id}/popup`, {
      variants: [
        { id: "control", name: "A", weight: 50, overrides: {} },
        { name: "B", weight: 50, overrides: { consentText: " " } },
      ],
    });
    expect(variant.status).toBe(422);
    expect(variant.body.message).toMatch(/^Consent text is required/);
  });

  it("records the version shown with each consent, per variant, with its words, and exports both", async () => {
    const store = await storeNamed("Versioned Shop");
    await signedIn.admin.put(`/api/stores/${store.id}`, {
      privacyPolicyUrl: "https://versioned.example/privacy",
    });
    const saved = await editAndPublish(signedIn.admin, store.id, {
      consentText: "Join [STORE_NAME]'s list: one email a week, unsubscribe any time.",
      emailValidation: { companyEmailsOnly: false },
      variants: [
        { id: "control", name: "A", weight: 50, overrides: {} },
        { id: "b", name: "B", weight: 50, overrides: { consentText: "[STORE_NAME] may email you offers." } },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    const [popup] = await publicPopups(store.id);
    expect(popup?.consentText).toBe("Join Versioned Shop's list: one email a week, unsubscribe any time.");
    expect(popup?.variants.find(({ id }) => id === "b")?.consentText).toBe(
      "Versioned Shop may email you offers.",
    );

    const url = "https://versioned.example/privacy";
    const control = versionOf("Join Versioned Shop's list: one email a week, unsubscribe any time.", url);
    const variantB = versionOf("Versioned Shop may email you offers.", url);
    for (const [email, variantId] of [
      ["control@versioned.example", "control"],
      ["b@versioned.example", "b"],
    ] as const) {
      const response = await subscribe(store.id, { email, popupId: popup?.id, variantId });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect(await consentVersionOf("control@versioned.example")).toBe(control);
    expect(await consentVersionOf("b@versioned.example")).toBe(variantB);
    const recorded = await testDb()
      .select({ version: consentTexts.version, text: consentTexts.text, url: consentTexts.privacyPolicyUrl })
      .from(consentTexts)
      .where(eq(consentTexts.storeId, store.id));
    expect(recorded).toEqual(
      expect.arrayContaining([
        {
          version: control,
          text: "Join Versioned Shop's list: one email a week, unsubscribe any time.",
          url,
        },
        { version: variantB, text: "Versioned Shop may email you offers.", url },
      ]),
    );

    const exported = await signedIn.admin.get(`/api/stores/${store.id}/subscribers/export.csv`);
    expect(exported.status).toBe(200);
    const [header = "", ...lines] = exported.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toContain(",Consented At,Consent Version,Consent Text,");
    const line = (email: string) => lines.find((row) => row.includes(email)) ?? "";
    expect(line("control@versioned.example")).toContain(
      `,${control},"Join Versioned Shop's list: one email a week, unsubscribe any time."`,
    );
    expect(line("b@versioned.example")).toContain(`,${variantB},Versioned Shop may email you offers.`);
  });
});
