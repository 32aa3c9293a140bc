import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";

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
