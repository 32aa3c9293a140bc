import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { type SinkMessage, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";

/** "Send test email" (Settings → Email configuration) against a real SMTP server on this machine. */
let app: AppServer;
let sink: SmtpSink;
let admin: HttpClient;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  owner = await createOrganizationWithAdmin();
  app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true" } });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

/** A store whose settings point at the sink, saved through the API as a merchant would. */
async function storeMailingTheSink(): Promise<string> {
  const { id } = await createStoreFor(owner.admin.id);
  const saved = await admin.put(`/api/stores/${id}/email-settings`, {
    smtpHost: "127.0.0.1",
    smtpPort: Number(new URL(sink.url).port),
    fromEmail: "hello@acme.example",
  });
  expect(saved.body).toMatchObject({ isConfigured: true });
  return id;
}

const sendTest = (storeId: string) =>
  admin.post<{ message: string }>(`/api/stores/${storeId}/email-settings/send-test`, {});

describe("send test email", () => {
  it("is limited to 5 per store and 10 per person in 15 minutes, with a clear 429", async () => {
    const [first, second, third] = [
      await storeMailingTheSink(),
      await storeMailingTheSink(),
      await storeMailingTheSink(),
    ];
    const before = sink.messages.length;
    for (let send = 1; send <= 5; send += 1) expect((await sendTest(first)).status).toBe(200);
    const perStore = await sendTest(first);
    expect(perStore.status).toBe(429);
    expect(perStore.body.message).toBe(
      "Too many test emails for this store. Please try again in 15 minutes.",
    );
    expect(Number(perStore.headers.get("retry-after"))).toBeGreaterThan(0);

    for (let send = 1; send <= 5; send += 1) expect((await sendTest(second)).status).toBe(200);
    const perPerson = await sendTest(third);
    expect(perPerson.status).toBe(429);
    expect(perPerson.body.message).toBe(
      "You have sent too many test emails. Please try again in 15 minutes.",
    );
    expect(sink.messages.length - before).toBe(10);
  });
});

describe("the test email's recipient", () => {
  it("is the address asked for, else the person who asked, never the from address; a bad one is refused", async () => {
    const fresh = await createOrganizationWithAdmin();
    const client = new HttpClient(app.url);
    await client.login(fresh.email, fresh.password);
    const { id } = await createStoreFor(fresh.admin.id);
    const url = `/api/stores/${id}/email-settings`;
    await client.put(url, {
      smtpHost: "127.0.0.1",
      smtpPort: Number(new URL(sink.url).port),
      fromEmail: "hello@acme.example",
    });

    const asked = await client.post<{ message: string }>(`${url}/send-test`, { to: "tester@acme.example" });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toMatch(/^Test email sent to tester@acme\.example\./);
    const unasked = await client.post<{ message: string }>(`${url}/send-test`, {});
    expect(unasked.body.message).toContain(`Test email sent to ${fresh.email.toLowerCase()}.`);
    const reached = (to: string) => (message: SinkMessage) =>
      message.subject?.startsWith("Test email from") === true && message.envelopeTo.includes(to);
    await sink.waitForMessage(reached("tester@acme.example"));
    await sink.waitForMessage(reached(fresh.email.toLowerCase()));
    expect(sink.messages.some(reached("hello@acme.example"))).toBe(false);

    const bad = await client.post<{ errors: Record<string, string[]> }>(`${url}/send-test`, { to: "nope" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.to).toEqual(["Invalid email address"]);
  });
});

describe("Configured means tested", () => {
  type Settings = { isConfigured: boolean; verifiedAt: string | null };
  let other: HttpClient;
  let otherOwner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

  beforeAll(async () => {
    // Its own person: the rate limit above has used this file's first admin's test emails.
    otherOwner = await createOrganizationWithAdmin();
    other = new HttpClient(app.url);
    await other.login(otherOwner.email, otherOwner.password);
  });

  const settingsUrl = (storeId: string) => `/api/stores/${storeId}/email-settings`;

  it("saving is not verifying; a test email that goes through is, until the next change", async () => {
    const { id } = await createStoreFor(otherOwner.admin.id);
    const port = Number(new URL(sink.url).port);
    const saved = await other.put<Settings>(settingsUrl(id), {
      smtpHost: "127.0.0.1",
      smtpPort: port,
      fromEmail: "hello@acme.example",
    });
    expect(saved.body).toMatchObject({ isConfigured: true, verifiedAt: null });

    const sent = await other.post<{ verifiedAt: string }>(`${settingsUrl(id)}/send-test`, {});
    expect(sent.status).toBe(200);
    expect(Date.parse(sent.body.verifiedAt)).not.toBeNaN();
    expect((await other.get<Settings>(settingsUrl(id))).body.verifiedAt).toBe(sent.body.verifiedAt);

    // Saving the same values keeps the verification; any change (here the from name) drops it.
    const same = await other.put<Settings>(settingsUrl(id), { smtpHost: "127.0.0.1", smtpPort: port });
    expect(same.body.verifiedAt).toBe(sent.body.verifiedAt);
    const changed = await other.put<Settings>(settingsUrl(id), { fromName: "Acme" });
    expect(changed.body).toMatchObject({ isConfigured: true, verifiedAt: null });
  });

  it("a test email the server does not take leaves the settings unverified", async () => {
    const { id } = await createStoreFor(otherOwner.admin.id);
    await other.put(settingsUrl(id), {
      smtpHost: "127.0.0.1",
      smtpPort: port(),
      fromEmail: "hi@acme.example",
    });
    const failed = await other.post(`${settingsUrl(id)}/send-test`, {});
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect((await other.get<Settings>(settingsUrl(id))).body).toMatchObject({
      isConfigured: true,
      verifiedAt: null,
    });
  });

  it("refuses emptied required fields, each with its own message, and saves nothing", async () => {
    const { id } = await createStoreFor(otherOwner.admin.id);
    const before = await other.get(settingsUrl(id));
    const refused = await other.put<{ errors: Record<string, string[]> }>(settingsUrl(id), {
      smtpHost: "",
      smtpPort: null,
      smtpUsername: "",
      fromEmail: "",
      fromName: "",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      smtpHost: ["SMTP host is required"],
      smtpPort: ["SMTP port is required"],
      fromEmail: ["From email is required"],
    });
    expect((await other.get(settingsUrl(id))).body).toEqual(before.body);
  });
});

/** A port on this machine where nothing listens (the test email cannot connect). */
function port(): number {
  return 1;
}
