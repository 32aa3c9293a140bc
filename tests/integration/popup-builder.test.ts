import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";

let app: AppServer;
let admin: HttpClient;
let popupUrl: string;

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin();
  const store = await createStoreFor(owner.admin.id);
  popupUrl = `/api/stores/${store.id}/popup`;
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
});

describe("PUT /api/stores/:id/popup", () => {
  it("returns the SPEC defaults before any edit, every address accepted (docs/decisions/211)", async () => {
    const { body } = await admin.get(popupUrl);
    expect(body).toMatchObject({
      title: "LOOKING FOR EXCLUSIVE OFFERS?",
      buttonText: "SUBMIT",
      discountCode: "WELCOME15",
      discountPercentage: 15,
      displayTrigger: "immediate",
      animation: "slide-in",
      layout: { width: "lg", maxHeightVh: 70, showSocialIcons: true },
      emailValidation: {
        companyEmailsOnly: false,
        allowedDomains: [],
        blockedDomains: ["gmail", "yahoo", "hotmail", "outlook"],
      },
      cartValidation: {
        enabled: false,
        validationType: "none",
        minimumAmount: 0,
        maximumAmount: 1000,
        belowThreshold: 100,
      },
      showExitIntentIfNotSubscribed: false,
      suppressAfterSubscription: true,
      isActive: true,
    });
  });

  it("changes only the fields sent and merges nested objects", async () => {
    const { body } = await admin.put(popupUrl, { layout: { width: "sm" }, fields: { phone: true } });
    expect(body).toMatchObject({
      layout: { width: "sm", maxHeightVh: 70, showSocialIcons: true },
      fields: { email: true, phone: true, name: false },
      buttonText: "SUBMIT",
    });
  });

  it("keeps the allowed formatting of title and subtitle and neutralises everything else", async () => {
    const { body } = await admin.put<{ title: string; subtitle: string }>(popupUrl, {
      title: "Get <strong>15%</strong> <script>alert(1)</script>off",
      subtitle: '<img src=x onerror=alert(1)><em>today</em> <b onclick="x()">only</b>',
    });
    expect(body.title).toBe("Get <strong>15%</strong> off");
    expect(body.subtitle).toContain("<em>today</em>");
    expect(body.subtitle).not.toMatch(/<img|<b onclick/);
    expect(body.subtitle).toContain("&lt;img");
  });

  it.each([
    [{ discountPercentage: 0 }, "Discount percentage must be between 1 and 100"],
    [{ discountPercentage: 101 }, "Discount percentage must be between 1 and 100"],
    [{ discountPercentage: 12.5 }, "Discount percentage must be a whole number"],
    [{ codeValidDays: 0 }, "Days valid must be between 1 and 365"],
    [{ codeUsageLimit: 1.5 }, "Uses per code must be a whole number"],
    [{ fields: { email: false } }, "The email field cannot be switched off"],
    [{ cartValidation: { minimumAmount: -1 } }, "Amounts must be at least 0"],
    [{ offerKind: "bogo" }, "Offer type must be percentage, fixed-amount or free-shipping"],
    [{ discountAmount: 0 }, "Discount amount must be more than 0 (in the store's currency)"],
    [{ minimumSubtotal: -5 }, "Minimum subtotal must be at least 0 (empty: any order)"],
    [{ wheel: { slices: [] } }, "A prize wheel has 3 to 8 slices"],
    [{ displayTrigger: "whenever" }, undefined],
    [{ unknownField: 1 }, undefined],
  ])("refuses %j", async (change, message) => {
    const before = await admin.get(popupUrl);
    const response = await admin.put<{ message: string }>(popupUrl, change);
    expect(response.status).toBe(422);
    if (message) expect(response.body.message).toBe(message);
    expect((await admin.get(popupUrl)).body).toEqual(before.body);
  });

  it("stores an amount-off offer with its minimum, and a prize wheel, and answers them back", async () => {
    const wheel = {
      slices: [
        {
          label: "€5 off",
          color: "#F59E0B",
          weight: 3,
          prize: { kind: "fixed-amount", amount: 5, code: "SPIN5" },
        },
        {
          label: "Free shipping",
          color: "#10b981",
          weight: 1,
          prize: { kind: "free-shipping", code: "SPINSHIP" },
        },
        { label: "No luck", color: "#6b7280", weight: 1, prize: null },
      ],
    };
    const { body } = await admin.put(popupUrl, {
      offerKind: "fixed-amount",
      discountAmount: 7.5,
      minimumSubtotal: 40,
      wheel,
    });
    expect(body).toMatchObject({ offerKind: "fixed-amount", discountAmount: 7.5, minimumSubtotal: 40 });
    expect(body).toMatchObject({
      wheel: {
        slices: [
          {
            color: "#f59e0b",
            prize: { kind: "fixed-amount", amount: 5, percentage: 0, minimumSubtotal: null, code: "SPIN5" },
          },
          { prize: { kind: "free-shipping", code: "SPINSHIP" } },
          { prize: null },
        ],
      },
    });
    await admin.put(popupUrl, { offerKind: "percentage", minimumSubtotal: null, wheel: null });
  });

  it("keeps cart amounts to cents", async () => {
    const { body } = await admin.put(popupUrl, {
      cartValidation: { enabled: true, validationType: "minimum", minimumAmount: 49.999 },
    });
    expect(body).toMatchObject({
      cartValidation: { enabled: true, validationType: "minimum", minimumAmount: 50 },
    });
  });
});
