import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { popupConfigs, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { hostileAddresses } from "../support/matrices/hostile-addresses";
import { printSummary } from "../support/matrices/summary";

/**
 * Address syntax against a store that takes company addresses only (gmail.com and friends blocked
 * by name, temporary-mail domains always): every hostile address is refused, nothing is stored and
 * the store's SMTP server receives nothing but the one plain address sent last as a control.
 */
let app: AppServer;
let sink: SmtpSink;
let storeId: string;

const tally = printSummary(({ tried, figures }, n) => {
  const figure = (name: string) => n(figures.get(name) ?? 0);
  return `address syntax: ${n(tried)} addresses tried, ${figure("accepted")} accepted, ${figure("mails")} mails sent`;
});

beforeAll(async () => {
  sink = await startSmtpSink();
  const owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  await sendStoreMailTo(sink, storeId);
  await testDb()
    .update(popupConfigs)
    .set({
      emailValidation: {
        companyEmailsOnly: true,
        allowedDomains: [],
        blockedDomains: ["gmail.com", "yahoo.com", "hotmail.com", "outlook.com"],
      },
    })
    .where(eq(popupConfigs.storeId, storeId));
  app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true", SUBSCRIBE_LIMIT_PER_IP: "1000" } });
});

afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

function subscribe(email: string) {
  return fetch(`${app.url}/api/public/stores/${storeId}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
}

describe("address syntax", () => {
  it("refuses every address that is not one plain address at an allowed domain, and mails nobody", async () => {
    const accepted: string[] = [];
    for (const [kind, email] of hostileAddresses()) {
      tally.tried();
      const response = await subscribe(email);
      if (response.status !== 422) {
        tally.add("accepted");
        accepted.push(`${kind}: ${JSON.stringify(email)} → ${response.status}`);
      }
    }
    // A plain address sent last: once its welcome email arrives, any earlier one would have too.
    const control = `control-${Date.now()}@acme.example`;
    expect((await subscribe(control)).status).toBe(200);
    await sink.waitForMessage((message) => message.envelopeTo.includes(control));
    tally.add("mails", sink.messages.length - 1);

    expect(accepted).toEqual([]);
    expect(sink.messages.map((message) => message.envelopeTo)).toEqual([[control]]);
    const stored = await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
    expect(stored.map((row) => row.email)).toEqual([control]);
  });

  it("stores and mails an address with its domain in lower case, and applies the rules to that domain", async () => {
    const email = `Jo.Upper-${Date.now()}@Sales.ACME.Example`;
    expect((await subscribe(`  ${email} `)).status).toBe(200);
    const normalised = email.replace(/@.*/, (domain) => domain.toLowerCase());
    const message = await sink.waitForMessage((sent) => sent.envelopeTo.includes(normalised));
    expect(message.envelopeTo).toEqual([normalised]);
    const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, normalised));
    expect(row).toBeDefined();
    expect((await subscribe("Someone@GMAIL.COM")).status).toBe(422);
  });
});
