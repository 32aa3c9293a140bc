import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { popupImages } from "~/db/schema";
import { TARGETING_MESSAGES } from "~/lib/schemas/popups";
import { WELCOME_TEXTS_NEED_EMAIL_SETTINGS } from "~/services/popups/crud.server";
import type { PopupTargeting } from "../../popup/config";
import { defaultPopupSteps, type PopupSteps } from "../../popup/steps";
import { createStoreFor } from "../support/builders/actors";
import {
  createMember,
  createOrganizationWithAdmin,
  createSecondOrganization,
} from "../support/builders/fixtures";
import { pngDeclaring } from "../support/builders/images";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { TINY_PNG } from "../support/matrices/api-routes";

type Popup = {
  id: string;
  name: string;
  priority: number;
  isActive: boolean;
  status: "draft" | "live" | "paused";
  hasUnpublishedChanges: boolean;
  title: string;
  discountCode: string;
  design: Record<string, unknown> & { teaser: { enabled: boolean; text: string } };
  targeting: Record<string, unknown>;
  variants: { id: string; name: string; weight: number; overrides: Record<string, unknown> }[];
};

let app: AppServer;
let admin: HttpClient;
let storeId: string;
let base: string;

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin();
  const store = await createStoreFor(owner.admin.id);
  storeId = store.id;
  base = `/api/stores/${store.id}/popups`;
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
});

const list = async () => (await admin.get<{ popups: Popup[] }>(base)).body.popups;

describe("a store's popups", () => {
  it("starts with one popup, the one SPEC's /popup answers for", async () => {
    const popups = await list();
    expect(popups).toHaveLength(1);
    const first = popups[0];
    // The store's own popup works from the start: live, nothing waiting to be published.
    expect(first).toMatchObject({
      name: "Welcome popup",
      priority: 1,
      isActive: true,
      status: "live",
      hasUnpublishedChanges: false,
    });
    expect(first?.variants).toEqual([{ id: "control", name: "A", weight: 100, overrides: {} }]);
    const spec = await admin.get<Popup>(`/api/stores/${storeId}/popup`);
    expect(spec.body.id).toBe(first?.id);
  });

  it("creates, reads, updates, duplicates, reorders and deletes popups", async () => {
    const created = await admin.post<Popup>(base, {
      name: "Exit offer",
      displayTrigger: "exit-intent",
      targeting: { pages: { include: ["/products/*"] }, devices: { mobile: false } },
      design: { position: "corner", teaser: { enabled: true } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Exit offer",
      priority: 2,
      targeting: {
        pages: { include: ["/products/*"], exclude: [] },
        devices: { desktop: true, mobile: false },
        visitors: "all",
      },
      design: {
        position: "corner",
        backgroundColor: "#ffffff",
        teaser: { enabled: true, text: "Get your discount" },
      },
      title: "LOOKING FOR EXCLUSIVE OFFERS?",
    });
    const id = created.body.id;

    const updated = await admin.put<Popup>(`${base}/${id}`, {
      title: "Wait!",
      design: { backgroundColor: "#FFEEDD" },
      targeting: { sources: ["Instagram", "google.com"] },
    });
    expect(updated.body).toMatchObject({
      title: "Wait!",
      design: { backgroundColor: "#ffeedd", position: "corner" },
      targeting: { sources: ["instagram", "google.com"], pages: { include: ["/products/*"] } },
    });
    expect((await admin.get<Popup>(`${base}/${id}`)).body.title).toBe("Wait!");

    const copy = await admin.post<Popup>(base, { duplicateOf: id });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: "Exit offer (copy)",
      status: "draft",
      isActive: false,
      title: "Wait!",
      priority: 3,
    });

    const [first] = await list();
    const order = [copy.body.id, id, first?.id ?? ""];
    const reordered = await admin.put<{ popups: Popup[] }>(`${base}/order`, { popupIds: order });
    expect(reordered.body.popups.map((popup) => [popup.id, popup.priority])).toEqual([
      [copy.body.id, 1],
      [id, 2],
      [first?.id, 3],
    ]);
    // SPEC's /popup still means the oldest popup, whatever the order.
    expect((await admin.get<Popup>(`/api/stores/${storeId}/popup`)).body.id).toBe(first?.id);

    const incomplete = await admin.put(`${base}/order`, { popupIds: [id] });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body).toMatchObject({
      errors: { popupIds: ["List every popup of this store exactly once"] },
    });

    expect((await admin.delete(`${base}/${copy.body.id}`)).body).toEqual({ success: true });
    expect((await admin.delete(`${base}/${id}`)).status).toBe(200);
    const last = await admin.delete(`${base}/${first?.id}`);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ message: "A store keeps at least one popup: pause it instead" });
    expect(await list()).toHaveLength(1);
  });

  it("keeps A/B variants with ids and promotes a winner", async () => {
    const created = await admin.post<Popup>(base, {
      name: "Test",
      variants: [
        { id: "control", name: "A", weight: 50 },
        { name: "B", weight: 50, overrides: { title: "Take 20% off", design: { buttonColor: "#ff0000" } } },
      ],
    });
    const [control, challenger] = created.body.variants;
    expect(control).toEqual({ id: "control", name: "A", weight: 50, overrides: {} });
    expect(challenger?.id).toMatch(/^[a-z0-9]{12}$/);
    const promoted = await admin.post<Popup>(`${base}/${created.body.id}/promote`, {
      variantId: challenger?.id,
    });
    expect(promoted.body).toMatchObject({
      title: "Take 20% off",
      design: { buttonColor: "#ff0000" },
      variants: [{ id: challenger?.id, name: "B", weight: 100, overrides: {} }],
    });
    const unknown = await admin.post(`${base}/${created.body.id}/promote`, { variantId: "nope" });
    expect(unknown.status).toBe(422);
    await admin.delete(`${base}/${created.body.id}`);
  });

  it("keeps both of two saves of one popup made at once", async () => {
    const [first] = await list();
    const url = `${base}/${first?.id}`;
    const colours = ["#101010", "#202020", "#303030", "#404040", "#505050", "#606060", "#707070", "#808080"];
    await Promise.all(
      colours.flatMap((colour, index) => [
        admin.put(url, { design: { backgroundColor: colour } }),
        admin.put(url, {
          design: { teaser: { text: `Teaser ${index}` } },
          targeting: { sources: [`s${index}`] },
        }),
      ]),
    );
    const saved = (await admin.get<Popup>(url)).body;
    // Whichever save came last, each field holds one of the values sent: none was reset by another save.
    expect(colours).toContain(saved.design.backgroundColor);
    expect(saved.design.teaser.text).toMatch(/^Teaser \d$/);
    expect(saved.targeting).toMatchObject({ sources: [expect.stringMatching(/^s\d$/)] });
  });

  it("refuses bad rules and designs with messages on the fields", async () => {
    const [first] = await list();
    const url = `${base}/${first?.id}`;
    const cases: [unknown, string, string][] = [
      [
        { design: { backgroundColor: "red" } },
        "design.backgroundColor",
        "Background colour must be a colour like #1a2b3c",
      ],
      [{ design: { cornerRadius: 99 } }, "design.cornerRadius", "Corner radius must be between 0 and 40"],
      [
        { targeting: { pages: { include: ["products"] } } },
        "targeting.pages.include.0",
        "Page patterns are paths starting with / (like /products/*), without ? or #",
      ],
      [
        { targeting: { startsAt: "2026-12-02T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" } },
        "targeting.endsAt",
        "The end must be after the start",
      ],
      [{ variants: [] }, "variants", "A popup has at least one variant"],
      [{ variants: [{ name: "A", weight: 0 }] }, "variants", "At least one variant needs traffic"],
      [
        { design: { imageId: "8a4b2a4e-9d0c-4c57-a2b8-2f6f0f3f0f3f" } },
        "design.imageId",
        "Upload the image first",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.put<{ errors: Record<string, string[]> }>(url, body);
      expect(response.status, field).toBe(422);
      expect(response.body.errors[field], field).toEqual([message]);
    }
  });

  it("refuses targeting that shows to no device or ends before it starts, judged with what is stored", async () => {
    const [first] = await list();
    const url = `${base}/${first?.id}`;
    const stored = async () => (await admin.get<{ targeting: PopupTargeting }>(url)).body.targeting;
    expect((await admin.put(url, { targeting: { devices: { desktop: false } } })).status).toBe(200);
    const noDevice = await admin.put<{ error: string; errors: Record<string, string[]> }>(url, {
      targeting: { devices: { mobile: false } },
    });
    expect(noDevice.status).toBe(422);
    expect(noDevice.body.errors["targeting.devices"]).toEqual([TARGETING_MESSAGES.noDevice]);
    expect((await stored()).devices).toEqual({ desktop: false, mobile: true });

    const both = await admin.put<{ errors: Record<string, string[]> }>(url, {
      targeting: { devices: { desktop: false, mobile: false } },
    });
    expect(both.body.errors["targeting.devices"]).toEqual([TARGETING_MESSAGES.noDevice]);

    expect((await admin.put(url, { targeting: { startsAt: "2026-12-02T00:00:00Z" } })).status).toBe(200);
    const endOnly = await admin.put<{ errors: Record<string, string[]> }>(url, {
      targeting: { endsAt: "2026-12-01T00:00:00Z" },
    });
    expect(endOnly.status).toBe(422);
    expect(endOnly.body.errors["targeting.endsAt"]).toEqual([TARGETING_MESSAGES.endBeforeStart]);
    expect((await stored()).endsAt).toBeNull();

    const newPopup = await admin.post<{ errors: Record<string, string[]> }>(base, {
      name: "Nowhere",
      targeting: { devices: { desktop: false, mobile: false } },
    });
    expect(newPopup.status).toBe(422);
    expect(newPopup.body.errors["targeting.devices"]).toEqual([TARGETING_MESSAGES.noDevice]);

    await admin.put(url, { targeting: { devices: { desktop: true }, startsAt: null } });
  });
});

/** The storefront's popups of the store, as a shopper's page loads them (none: the answer has no list). */
const storefront = async (): Promise<{ id: string; title: string }[]> =>
  (await (await fetch(new URL(`/api/public/stores/${storeId}/popups`, app.url))).json()).popups ?? [];

describe("drafts and publishing", () => {
  it("makes a new popup a draft no shopper sees, until it is published", async () => {
    const created = await admin.post<Popup>(base, { name: "Spring sale", title: "Spring is here" });
    expect(created.body).toMatchObject({ status: "draft", isActive: false, hasUnpublishedChanges: false });
    const id = created.body.id;
    expect((await storefront()).map((popup) => popup.id)).not.toContain(id);
    // A draft's edits are the draft itself: nothing to discard, and it cannot be paused or resumed.
    const edited = await admin.put<Popup>(`${base}/${id}`, { title: "Spring sale: 20% off" });
    expect(edited.body).toMatchObject({ status: "draft", title: "Spring sale: 20% off" });
    expect((await admin.put(`${base}/${id}`, { status: "live" })).body).toMatchObject({
      message: "This popup is a draft: publish it to show it on your site",
    });
    expect((await admin.delete(`${base}/${id}/changes`)).status).toBe(409);

    const published = await admin.put<Popup>(`${base}/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: "live", isActive: true, hasUnpublishedChanges: false });
    expect(await storefront()).toContainEqual(expect.objectContaining({ id, title: "Spring sale: 20% off" }));
    await admin.delete(`${base}/${id}`);
  });

  it("keeps a live popup's edits as unpublished changes until Publish, and Discard changes drops them", async () => {
    const [live] = await list();
    const url = `${base}/${live?.id}`;
    const shown = live?.title ?? "";
    const edited = await admin.put<Popup>(url, { title: "Not yet", design: { backgroundColor: "#112233" } });
    expect(edited.body).toMatchObject({ title: "Not yet", status: "live", hasUnpublishedChanges: true });
    // The builder reads the edits; shoppers still get the published popup.
    expect((await admin.get<Popup>(url)).body).toMatchObject({
      title: "Not yet",
      hasUnpublishedChanges: true,
    });
    expect((await list()).find((popup) => popup.id === live?.id)?.hasUnpublishedChanges).toBe(true);
    expect((await storefront()).find((popup) => popup.id === live?.id)?.title).toBe(shown);

    const discarded = await admin.delete<Popup>(`${url}/changes`);
    expect(discarded.body).toMatchObject({ title: shown, hasUnpublishedChanges: false, status: "live" });
    expect(discarded.body.design.backgroundColor).not.toBe("#112233");

    await admin.put(url, { title: "Now live" });
    expect((await admin.put<Popup>(`${url}/publish`)).body).toMatchObject({
      title: "Now live",
      hasUnpublishedChanges: false,
    });
    expect((await storefront()).find((popup) => popup.id === live?.id)?.title).toBe("Now live");
    // An edit put back to what is published leaves nothing to publish.
    await admin.put(url, { title: "Changed my mind" });
    const back = await admin.put<Popup>(url, { title: "Now live" });
    expect(back.body.hasUnpublishedChanges).toBe(false);
    await admin.put(url, { title: shown });
    await admin.put(`${url}/publish`);
  });

  it("pauses and resumes a published popup at once, its unpublished changes kept", async () => {
    const [live] = await list();
    const url = `${base}/${live?.id}`;
    await admin.put(url, { subtitle: "Waiting" });
    const paused = await admin.put<Popup>(url, { status: "paused" });
    expect(paused.body).toMatchObject({ status: "paused", isActive: false, hasUnpublishedChanges: true });
    expect((await storefront()).map((popup) => popup.id)).not.toContain(live?.id);
    // SPEC's isActive says the same.
    expect((await admin.put<Popup>(url, { isActive: true })).body).toMatchObject({ status: "live" });
    expect((await storefront()).map((popup) => popup.id)).toContain(live?.id);
    expect((await admin.delete<Popup>(`${url}/changes`)).body.hasUnpublishedChanges).toBe(false);
  });

  it("makes ending an A/B test on a live popup a change to publish: the test runs until then", async () => {
    const [live] = await list();
    const url = `${base}/${live?.id}`;
    const testing = await admin.put<Popup>(url, {
      variants: [
        { id: "control", name: "A", weight: 50 },
        { name: "B", weight: 50, overrides: { title: "B wins" } },
      ],
    });
    await admin.put(`${url}/publish`);
    const challenger = testing.body.variants[1]?.id;
    const promoted = await admin.post<Popup>(`${url}/promote`, { variantId: challenger });
    expect(promoted.body).toMatchObject({ title: "B wins", hasUnpublishedChanges: true });
    const running = await (await fetch(new URL(`/api/public/stores/${storeId}/popups`, app.url))).json();
    expect(running.popups.find((popup: Popup) => popup.id === live?.id)?.variants).toHaveLength(2);
    await admin.delete(`${url}/changes`);
    await admin.put(url, { variants: [{ id: "control", name: "A", weight: 100 }] });
    await admin.put(`${url}/publish`);
  });
});

describe("popup images", () => {
  it("stores an image the store's popups can show, served with a long cache", async () => {
    const upload = await admin.post<{ id: string; url: string }>(
      `/api/stores/${storeId}/popup-images`,
      undefined,
      {
        body: TINY_PNG,
        headers: { "Content-Type": "image/png" },
      },
    );
    expect(upload.status).toBe(201);
    const [first] = await list();
    const updated = await admin.put<Popup>(`${base}/${first?.id}`, { design: { imageId: upload.body.id } });
    expect(updated.body.design.imageId).toBe(upload.body.id);
    const image = await fetch(new URL(upload.body.url, app.url));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await image.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it("refuses what is not an image, and what is too large", async () => {
    const script = await admin.post(`/api/stores/${storeId}/popup-images`, undefined, {
      body: "<svg onload=alert(1)>",
      headers: { "Content-Type": "image/png" },
    });
    expect(script.status).toBe(422);
    expect(script.body).toMatchObject({ message: "Upload a PNG, JPEG, WebP or GIF image" });
    const huge = await admin.post(`/api/stores/${storeId}/popup-images`, undefined, {
      body: Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]),
      headers: { "Content-Type": "image/png" },
    });
    expect(huge.status).toBe(413);
    expect((await fetch(new URL("/api/public/images/not-an-id", app.url))).status).toBe(404);
  });

  it.each([
    ["a 2 KB PNG declaring 50,000 × 50,000 pixels", pngDeclaring(50_000, 50_000), "50,000 × 50,000"],
    ["a side over 10,000 pixels", pngDeclaring(10_001, 1), "10,001 × 1"],
    ["over 40 megapixels", pngDeclaring(8_000, 6_000), "8,000 × 6,000"],
  ])("refuses %s on the image field, and stores nothing", async (_case, body, size) => {
    const before = await testDb().select({ id: popupImages.id }).from(popupImages);
    const upload = await admin.post(`/api/stores/${storeId}/popup-images`, undefined, {
      body,
      headers: { "Content-Type": "image/png" },
    });
    const message = `Images may be at most 10,000 pixels on a side and 40 megapixels in all; this one is ${size} pixels`;
    expect(upload.status).toBe(422);
    expect(upload.body).toEqual({ message, errors: { image: [message] } });
    expect(await testDb().select({ id: popupImages.id }).from(popupImages)).toHaveLength(before.length);
  });

  it("accepts an image at the limits, and refuses one whose size cannot be read", async () => {
    const atLimits = await admin.post(`/api/stores/${storeId}/popup-images`, undefined, {
      body: pngDeclaring(10_000, 4_000),
      headers: { "Content-Type": "image/png" },
    });
    expect(atLimits.status).toBe(201);
    const cut = await admin.post(`/api/stores/${storeId}/popup-images`, undefined, {
      body: TINY_PNG.subarray(0, 20),
      headers: { "Content-Type": "image/png" },
    });
    expect(cut.status).toBe(422);
    expect(cut.body).toMatchObject({
      message: "This image could not be read. Save it again as PNG, JPEG, WebP or GIF and upload it",
    });
  });
});

describe("who may manage popups", () => {
  it("answers 404 for another organization's store, popup or image, and 403 without manage_popups", async () => {
    const other = await createSecondOrganization();
    const otherStore = await createStoreFor(other.admin.id);
    const stranger = new HttpClient(app.url);
    await stranger.login(other.email, other.password);
    const [first] = await list();
    expect((await stranger.get(`${base}/${first?.id}`)).status).toBe(404);
    expect((await stranger.put(`${base}/${first?.id}`, { title: "x" })).status).toBe(404);
    expect((await stranger.delete(`${base}/${first?.id}`)).status).toBe(404);
    // Their own store with our popup's id: still not found.
    expect((await stranger.get(`/api/stores/${otherStore.id}/popups/${first?.id}`)).status).toBe(404);
    const theirImage = await stranger.post<{ id: string }>(
      `/api/stores/${otherStore.id}/popup-images`,
      undefined,
      {
        body: TINY_PNG,
        headers: { "Content-Type": "image/png" },
      },
    );
    const borrowed = await admin.put(`${base}/${first?.id}`, { design: { imageId: theirImage.body.id } });
    expect(borrowed.status).toBe(422);

    const owner = await createOrganizationWithAdmin();
    const ownStore = await createStoreFor(owner.admin.id);
    const { email, password } = await createMember(owner.organization.id, { manage_subscribers: true });
    const member = new HttpClient(app.url);
    await member.login(email, password);
    expect((await member.get(`/api/stores/${ownStore.id}/popups`)).status).toBe(403);
  });
});

describe("a popup's steps and the templates", () => {
  it("merges a change of the steps with what is stored and refuses an extra-fields step asking for nothing", async () => {
    const [first] = await list();
    const path = `${base}/${first?.id}`;
    const on = await admin.put<{ steps: PopupSteps }>(path, {
      steps: { opener: { enabled: true, question: "Fancy 10 % off?" }, extraFields: { enabled: true } },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.steps.opener).toEqual({
      ...defaultPopupSteps.opener,
      enabled: true,
      question: "Fancy 10 % off?",
    });
    expect(on.body.steps.extraFields).toEqual({ ...defaultPopupSteps.extraFields, enabled: true });
    expect((await admin.get<{ steps: PopupSteps }>(path)).body.steps.opener.question).toBe("Fancy 10 % off?");

    const none = await admin.put(path, {
      steps: { extraFields: { fields: { firstName: false, birthday: false, phone: false } } },
    });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({
      message: "Extra fields: ask for at least one of first name, birthday and phone",
      errors: {
        "steps.extraFields.fields": ["Extra fields: ask for at least one of first name, birthday and phone"],
      },
    });
    const blank = await admin.put(path, { steps: { opener: { yesText: "  " } } });
    expect(blank.body).toMatchObject({
      errors: { "steps.opener.yesText": ["Opener yes button is required"] },
    });
  });

  it("lists the templates, each a popup the store can create as it is", async () => {
    const listed = await admin.get<{
      templates: { id: string; name: string; popup: Record<string, unknown> }[];
    }>(`/api/stores/${storeId}/popup-templates`);
    expect(listed.status).toBe(200);
    const { templates } = listed.body;
    expect(templates.length).toBeGreaterThanOrEqual(6);
    const birthday = templates.find(({ id }) => id === "birthday-club");
    const created = await admin.post<Popup & { steps: PopupSteps }>(base, {
      name: "Birthdays",
      ...birthday?.popup,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.steps.extraFields).toMatchObject({ enabled: true, fields: { birthday: true } });
    await admin.delete(`${base}/${created.body.id}`);
  });
});

describe("which addresses a popup accepts", () => {
  type Rule = { emailValidation: { companyEmailsOnly: boolean }; subtitle: string };
  const BUSINESS_ASK = /Sign up with your business email/;

  /** A store of a new organization added with `audience` (or none), and its popups' base path. */
  async function storeFor(audience?: "consumers" | "businesses") {
    const shop = await admin.post<{ id: string }>("/api/stores", {
      name: `Rule ${audience ?? "unsaid"}`,
      shopifyUrl: `https://rule-${Date.now()}-${Math.random().toString(36).slice(2)}.example.com`,
      ...(audience ? { audience } : {}),
    });
    expect(shop.status).toBe(201);
    return `/api/stores/${shop.body.id}/popups`;
  }

  const templateNamed = async (popups: string, id: string) => {
    const listed = await admin.get<{ templates: { id: string; popup: Record<string, unknown> }[] }>(
      popups.replace(/popups$/, "popup-templates"),
    );
    return listed.body.templates.find((template) => template.id === id)?.popup ?? {};
  };

  it("accepts every address unless the merchant chose businesses, and a popup from a template keeps that choice", async () => {
    const consumers = await storeFor();
    const [first] = (await admin.get<{ popups: (Popup & Rule)[] }>(consumers)).body.popups;
    expect(first?.emailValidation.companyEmailsOnly).toBe(false);
    expect(first?.subtitle).not.toMatch(BUSINESS_ASK);
    const fromTemplate = await admin.post<Popup & Rule>(consumers, {
      name: "Bar",
      ...(await templateNamed(consumers, "bottom-bar")),
    });
    expect(fromTemplate.body.emailValidation.companyEmailsOnly).toBe(false);
    const blank = await admin.post<Popup & Rule>(consumers, { name: "Blank" });
    expect(blank.body).toMatchObject({ emailValidation: { companyEmailsOnly: false } });
    expect(blank.body.subtitle).not.toMatch(BUSINESS_ASK);

    const businesses = await storeFor("businesses");
    const template = await admin.post<Popup & Rule>(businesses, {
      name: "Bar",
      ...(await templateNamed(businesses, "bottom-bar")),
    });
    expect(template.body.emailValidation.companyEmailsOnly).toBe(true);
    const blankForLeads = await admin.post<Popup & Rule>(businesses, { name: "Blank" });
    expect(blankForLeads.body.emailValidation.companyEmailsOnly).toBe(true);
    expect(blankForLeads.body.subtitle).toMatch(BUSINESS_ASK);
  });

  it("keeps a built-in subtitle speaking of the rule as it is switched, and a merchant's own as written", async () => {
    const popups = await storeFor("businesses");
    const [first] = (await admin.get<{ popups: (Popup & Rule)[] }>(popups)).body.popups;
    expect(first?.subtitle).toMatch(BUSINESS_ASK);
    const off = await admin.put<Rule>(`${popups}/${first?.id}`, {
      emailValidation: { companyEmailsOnly: false },
    });
    expect(off.body.subtitle).toBe(
      "Sign up and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.",
    );
    const on = await admin.put<Rule>(`${popups}/${first?.id}`, {
      emailValidation: { companyEmailsOnly: true },
    });
    expect(on.body.subtitle).toMatch(BUSINESS_ASK);
    // The builder sends the subtitle it shows with the rule: the saved one follows the rule all the same.
    const both = await admin.put<Rule>(`${popups}/${first?.id}`, {
      emailValidation: { companyEmailsOnly: false },
      subtitle: on.body.subtitle,
    });
    expect(both.body.subtitle).not.toMatch(BUSINESS_ASK);
    await admin.put(`${popups}/${first?.id}`, { subtitle: "Codes for our regulars" });
    const own = await admin.put<Rule>(`${popups}/${first?.id}`, {
      emailValidation: { companyEmailsOnly: true },
    });
    expect(own.body.subtitle).toBe("Codes for our regulars");
  });
});

describe("the welcome email's texts of a popup's languages", () => {
  type Language = { code: string; texts: Record<string, string> };
  type WithLanguages = Popup & { languages: Language[] };
  const phishing = {
    emailSubject: "Action required: confirm your payment details",
    emailBody: "Your payment failed. Update it at https://evil.example/billing within 24 hours.",
  };
  const welcome = { emailSubject: "Willkommen bei uns", emailBody: "Hier ist dein Code: [DISCOUNT_CODE]" };
  let shopBase: string;
  let ownerClient: HttpClient;
  let popupsOnly: HttpClient;
  let popupId: string;

  beforeAll(async () => {
    const owner = await createOrganizationWithAdmin();
    const store = await createStoreFor(owner.admin.id);
    shopBase = `/api/stores/${store.id}`;
    ownerClient = new HttpClient(app.url);
    await ownerClient.login(owner.email, owner.password);
    const member = await createMember(owner.organization.id, { manage_popups: true });
    popupsOnly = new HttpClient(app.url);
    await popupsOnly.login(member.email, member.password);
    // The store's administrator translated the welcome email into German.
    const first = await ownerClient.get<WithLanguages>(`${shopBase}/popup`);
    popupId = first.body.id;
    const german = await ownerClient.put<WithLanguages>(`${shopBase}/popups/${popupId}`, {
      languages: [
        { code: "en", texts: {} },
        { code: "de", texts: { title: "Hallo", ...welcome } },
      ],
    });
    expect(german.status, german.text).toBe(200);
  });

  const storedLanguages = async () =>
    (await ownerClient.get<WithLanguages>(`${shopBase}/popups/${popupId}`)).body.languages;

  it("refuses a popups-only member who writes them, by every route that takes languages, as PUT email-template is refused", async () => {
    expect((await popupsOnly.put(`${shopBase}/email-template`, { subject: "x" })).status).toBe(403);
    const before = await storedLanguages();
    const attack = [
      { code: "en", texts: {} },
      { code: "de", texts: { title: "Hallo", ...welcome } },
      { code: "en-us", texts: phishing },
    ];
    const routes = [
      () => popupsOnly.put(`${shopBase}/popups/${popupId}`, { languages: attack }),
      () => popupsOnly.put(`${shopBase}/popup`, { languages: attack }),
      () =>
        popupsOnly.post(`${shopBase}/popups`, {
          name: "New",
          languages: [{ code: "en", texts: {} }, attack[2]],
        }),
      () => popupsOnly.post(`${shopBase}/popups`, { duplicateOf: popupId, languages: attack }),
    ];
    for (const send of routes) {
      const refused = await send();
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body).toMatchObject({ message: WELCOME_TEXTS_NEED_EMAIL_SETTINGS });
    }
    // Changing, emptying or moving an existing translation of the email is a change too.
    for (const languages of [
      [
        { code: "en", texts: {} },
        { code: "de", texts: { title: "Hallo", ...welcome, emailBody: phishing.emailBody } },
      ],
      [
        { code: "en", texts: {} },
        { code: "de", texts: { title: "Hallo", emailSubject: welcome.emailSubject } },
      ],
      [{ code: "en", texts: {} }],
      [
        { code: "en", texts: {} },
        { code: "en-us", texts: { title: "Hallo", ...welcome } },
      ],
    ]) {
      const refused = await popupsOnly.put(`${shopBase}/popups/${popupId}`, { languages });
      expect(refused.status, refused.text).toBe(403);
    }
    expect(await storedLanguages()).toEqual(before);
    expect((await ownerClient.get<{ popups: Popup[] }>(`${shopBase}/popups`)).body.popups).toHaveLength(1);
  });

  it("lets a popups-only member edit the popup's own texts, the email's sent back unchanged as the builder saves", async () => {
    const saved = await popupsOnly.put<WithLanguages>(`${shopBase}/popups/${popupId}`, {
      title: "Welcome!",
      languages: [
        { code: "en", texts: {} },
        // The builder sends the whole list: the email's texts as they were (with stray spaces), a title changed.
        {
          code: "de",
          texts: {
            title: "Hallo du",
            emailSubject: ` ${welcome.emailSubject} `,
            emailBody: welcome.emailBody,
          },
        },
        { code: "fr", texts: { title: "Bonjour" } },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.languages).toEqual([
      { code: "en", texts: {} },
      { code: "de", texts: { title: "Hallo du", ...welcome } },
      { code: "fr", texts: { title: "Bonjour" } },
    ]);
    // Reordering languages, adding and removing one without email texts, and copying the popup change no email.
    const reordered = await popupsOnly.put<WithLanguages>(`${shopBase}/popups/${popupId}`, {
      languages: [
        { code: "en", texts: {} },
        { code: "it", texts: {} },
        { code: "de", texts: { title: "Hallo du", ...welcome } },
      ],
    });
    expect(reordered.status, reordered.text).toBe(200);
    const copy = await popupsOnly.post<WithLanguages>(`${shopBase}/popups`, {
      duplicateOf: popupId,
      title: "Copy",
    });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.languages).toEqual(reordered.body.languages);
    expect((await popupsOnly.delete(`${shopBase}/popups/${copy.body.id}`)).status).toBe(200);
    const created = await popupsOnly.post<WithLanguages>(`${shopBase}/popups`, {
      name: "German too",
      languages: [
        { code: "de", texts: {} },
        { code: "fr", texts: { title: "Bonjour" } },
      ],
    });
    expect(created.status, created.text).toBe(201);
    expect((await popupsOnly.delete(`${shopBase}/popups/${created.body.id}`)).status).toBe(200);
  });

  it("lets a member with manage_email_settings change them, as on the Email templates screen", async () => {
    const owner = await createOrganizationWithAdmin();
    const store = await createStoreFor(owner.admin.id);
    const member = await createMember(owner.organization.id, {
      manage_popups: true,
      manage_email_settings: true,
    });
    const client = new HttpClient(app.url);
    await client.login(member.email, member.password);
    const first = await client.get<WithLanguages>(`/api/stores/${store.id}/popup`);
    const changed = await client.put<WithLanguages>(`/api/stores/${store.id}/popups/${first.body.id}`, {
      languages: [
        { code: "en", texts: {} },
        { code: "de", texts: welcome },
      ],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.languages[1]).toEqual({ code: "de", texts: welcome });
  });
});
