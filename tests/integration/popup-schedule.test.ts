import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { popupConfigs, subscribers } from "~/db/schema";
import { publicPopups, subscribingPopup } from "~/services/popups/public-popups.server";
import { defaultPopupTargeting } from "../../popup/config";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { welcomeAnswer } from "../support/builders/subscribe-answers";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { printSummary } from "../support/matrices/summary";

/**
 * A popup outside its schedule (starting next week, ended last week) or paused: its content is not in the
 * storefront's config and a subscription naming it gets no code (the attack: subscribe with the popupId of
 * next week's Black Friday popup and read BLACKFRIDAY50 from the answer).
 */
let app: AppServer;
let store: string;
let always: string;
const ids: Record<"blackFriday" | "summer" | "soon" | "paused", string> = {
  blackFriday: "",
  summer: "",
  soon: "",
  paused: "",
};
const DAY = 24 * 3600_000;
/** When "Soon" starts: far enough ahead that no request of this file reaches it however slow the machine. */
const SOON = Date.now() + 3 * DAY;
const SHOP_ORIGIN = "https://shop.example.com";

const refusals = printSummary(
  ({ tried, passed }, n) =>
    `popups not running: ${n(tried)} subscriptions tried, ${n(passed)} refused without a code`,
);

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin();
  store = (await createStoreFor(owner.admin.id)).id;
  const [existing] = await testDb()
    .update(popupConfigs)
    .set({ name: "Always", createdAt: new Date("2026-01-01T00:00:00Z") })
    .where(eq(popupConfigs.storeId, store))
    .returning();
  always = existing?.id ?? "";
  const now = Date.now();
  const scheduledPopup = (name: string, code: string, startsAt: number | null, endsAt: number | null) => ({
    storeId: store,
    name,
    title: `${name} title`,
    discountCode: code,
    targeting: {
      ...defaultPopupTargeting,
      startsAt: startsAt === null ? null : new Date(startsAt).toISOString(),
      endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
    },
    // Older than "Always": an older script and a subscription naming no popup would take these first.
    createdAt: new Date("2025-12-01T00:00:00Z"),
    status: "live" as const,
  });
  const rows = await testDb()
    .insert(popupConfigs)
    .values([
      scheduledPopup("Black Friday", "BLACKFRIDAY50", now + 7 * DAY, now + 8 * DAY),
      scheduledPopup("Summer", "SUMMER30", now - 14 * DAY, now - 7 * DAY),
      scheduledPopup("Soon", "SOON10", SOON, null),
      { ...scheduledPopup("Paused", "PAUSED70", null, null), status: "paused" as const },
    ])
    .returning();
  const [blackFriday, summer, soon, paused] = rows.map((row) => row.id);
  Object.assign(ids, { blackFriday, summer, soon, paused });
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const subscribe = (body: Record<string, unknown>) =>
  fetch(`${app.url}/api/public/stores/${store}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SHOP_ORIGIN },
    body: JSON.stringify(body),
  });

async function storedEmails(): Promise<string[]> {
  const rows = await testDb()
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.storeId, store));
  return rows.map((row) => row.email);
}

describe("the storefront config", () => {
  it("lists popups live now or starting within its cache time, never next week's or last week's", async () => {
    const response = await fetch(`${app.url}/api/public/stores/${store}/popups`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=30, s-maxage=30, stale-while-revalidate=30",
    );
    const text = await response.text();
    const listed = (JSON.parse(text) as { popups: { id: string }[] }).popups.map((popup) => popup.id);
    expect(listed).toEqual([always]);
    for (const hidden of [
      ids.blackFriday,
      ids.summer,
      ids.soon,
      ids.paused,
      "Black Friday title",
      "Summer title",
    ]) {
      expect(text).not.toContain(hidden);
    }
  });

  it("lists a popup from the cache time (60 s) before its start, so a cached config already has it", async () => {
    const listedAt = async (now: number) =>
      (await publicPopups(store, now))?.popups.map((popup) => popup.id).includes(ids.soon);
    expect(await listedAt(SOON - 61_000)).toBe(false);
    expect(await listedAt(SOON - 59_000)).toBe(true);
    expect(await listedAt(SOON)).toBe(true);
  });

  it("gives older scripts (/popup) the oldest popup live now", async () => {
    const config = (await (await fetch(`${app.url}/api/public/stores/${store}/popup`)).json()) as {
      id: string;
    };
    expect(config.id).toBe(always);
  });
});

describe("a subscription", () => {
  it.each([
    ["starts next week", "blackFriday", "BLACKFRIDAY50"],
    ["ended last week", "summer", "SUMMER30"],
    ["starts in three days", "soon", "SOON10"],
    ["is paused", "paused", "PAUSED70"],
  ] as const)("naming a popup that %s is refused with 422 and no code", async (_when, key, code) => {
    refusals.tried();
    const email = `${key}-${Date.now()}@acme.example`;
    const response = await subscribe({ email, popupId: ids[key] });
    const text = await response.text();
    expect(response.status).toBe(422);
    expect(JSON.parse(text)).toEqual({ message: "This popup is not running" });
    expect(text).not.toContain(code);
    expect(await storedEmails()).not.toContain(email);
    refusals.passed();
  });

  it("naming a popup is accepted from its start, not a millisecond before", async () => {
    await expect(subscribingPopup(store, ids.soon, undefined, SOON - 1)).rejects.toThrow(
      "This popup is not running",
    );
    const live = await subscribingPopup(store, ids.soon, undefined, SOON);
    expect(live.popup).toMatchObject({ id: ids.soon, discountCode: "SOON10" });
  });

  it("naming no popup follows the oldest live one, not an older one outside its schedule", async () => {
    const email = `plain-${Date.now()}@acme.example`;
    const response = await subscribe({ email });
    expect(await response.json()).toEqual(welcomeAnswer());
    const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
    expect(row).toMatchObject({ popupId: always, discountCodeSent: "WELCOME15" });
  });
});
