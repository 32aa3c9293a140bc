import { execFileSync } from "node:child_process";
import { createHmac, createSign, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSettings, subscribers } from "~/db/schema";
import { encryptSecret } from "~/server/crypto.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

/**
 * The providers' bounce and complaint webhooks (docs/decisions/174), each with its documented payloads and
 * signed as its documentation says, with keys made here: a bounce suppresses the address, a complaint also
 * unsubscribes it; a forged, stale or replayed request is refused with a 4xx and changes nothing. Amazon
 * SNS's signing certificate is served from a local origin the app is told to trust (SNS_TRUSTED_TEST_ORIGIN).
 */

const RATE_LIMIT = 80;

let app: AppServer;
let admin: HttpClient;
let ownerId: string;
let certServer: http.Server;
let certOrigin: string;
let snsKey: string;
const confirmations: string[] = [];
let counter = 0;

/** A self-signed certificate for SNS's signatures, as AWS serves its own (PEM over HTTPS; HTTP on the loopback here). */
function makeSnsCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sns-cert-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "2",
        "-subj",
        "/CN=sns.amazonaws.com",
      ],
      { stdio: "ignore" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  const { key, cert } = makeSnsCertificate();
  snsKey = key;
  certServer = http.createServer((req, res) => {
    if (req.url === "/SimpleNotificationService-test.pem") return res.end(cert);
    if (req.url?.startsWith("/confirm")) {
      confirmations.push(req.url);
      return res.end("<ConfirmSubscriptionResponse/>");
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => certServer.listen(0, "127.0.0.1", resolve));
  const address = certServer.address();
  certOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const owner = await createOrganizationWithAdmin();
  ownerId = owner.admin.id;
  app = await startApp({
    env: { SNS_TRUSTED_TEST_ORIGIN: certOrigin, EMAIL_EVENTS_LIMIT_PER_IP: String(RATE_LIMIT) },
  });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => certServer?.close(resolve));
});

/** A store whose email settings name `provider` with `secret`, saved through the API as Settings does. */
async function storeWithWebhook(provider: string, secret: string) {
  const storeId = (await createStoreFor(ownerId)).id;
  const saved = await admin.put<Record<string, unknown>>(`/api/stores/${storeId}/email-settings`, {
    eventsProvider: provider,
    eventsSecret: secret,
  });
  expect(saved.status).toBe(200);
  return storeId;
}

async function subscriberOf(storeId: string) {
  const [row] = await testDb()
    .insert(subscribers)
    .values({ storeId, email: `Reader-${++counter}@Inbox.example` })
    .returning();
  if (!row) throw new Error("no subscriber");
  return row;
}

const rowOf = async (id: string) =>
  (await testDb().select().from(subscribers).where(eq(subscribers.id, id)))[0];

function post(storeId: string, body: string | Blob, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/webhooks/email-events/${storeId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

/** Posts a request that must be refused: a 4xx, and the subscriber exactly as before. */
async function expectRefused(
  subscriberId: string,
  request: () => Promise<Response>,
  status: number,
): Promise<void> {
  const before = await rowOf(subscriberId);
  const response = await request();
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ message: expect.any(String) });
  expect(await rowOf(subscriberId)).toEqual(before);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("Amazon SES through SNS", () => {
  const topicArn = "arn:aws:sns:us-east-1:123456789012:ses-bounces";
  let storeId: string;

  beforeAll(async () => {
    storeId = await storeWithWebhook("ses", topicArn);
  });

  /** The string AWS signs: each field's name and value on lines of their own, in the documented order. */
  function snsSigned(message: Record<string, string>): string {
    const fields =
      message.Type === "Notification"
        ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
        : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
    return fields
      .filter((field) => message[field] !== undefined)
      .map((field) => `${field}\n${message[field]}\n`)
      .join("");
  }

  function snsMessage(fields: Record<string, string>, version: "1" | "2" = "2") {
    const message: Record<string, string> = {
      MessageId: randomUUID(),
      TopicArn: topicArn,
      Timestamp: new Date().toISOString(),
      SignatureVersion: version,
      SigningCertURL: `${certOrigin}/SimpleNotificationService-test.pem`,
      ...fields,
    };
    message.Signature = createSign(version === "2" ? "RSA-SHA256" : "RSA-SHA1")
      .update(snsSigned(message))
      .sign(snsKey, "base64");
    return message;
  }

  const bounceOf = (email: string) =>
    JSON.stringify({
      notificationType: "Bounce",
      bounce: {
        bounceType: "Permanent",
        bounceSubType: "General",
        bouncedRecipients: [
          {
            emailAddress: email,
            action: "failed",
            status: "5.1.1",
            diagnosticCode: "smtp; 550 5.1.1 user unknown",
          },
        ],
        timestamp: new Date().toISOString(),
        feedbackId: "000001378603176d-5a4b5ad9-6f30-4198-a8c3-b1eb0c270a1d-000000",
      },
      mail: { timestamp: new Date().toISOString(), source: "shop@acme.example", messageId: randomUUID() },
    });

  const asText = { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" };

  it("confirms the subscription by visiting its SubscribeURL", async () => {
    const message = snsMessage({
      Type: "SubscriptionConfirmation",
      Token: "2336412f37fb687f5d51e6e2425f004ae",
      Message: `You have chosen to subscribe to the topic ${topicArn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
      SubscribeURL: `${certOrigin}/confirm?Action=ConfirmSubscription&Token=2336412f37fb687f5d51e6e2425f004ae`,
    });
    const response = await post(storeId, JSON.stringify(message), asText);
    expect(response.status).toBe(200);
    expect(confirmations).toEqual([
      "/confirm?Action=ConfirmSubscription&Token=2336412f37fb687f5d51e6e2425f004ae",
    ]);
  });

  it("a Permanent bounce (SignatureVersion 2) marks the address bounced, whatever its case", async () => {
    const subscriber = await subscriberOf(storeId);
    const message = snsMessage({ Type: "Notification", Message: bounceOf(subscriber.email.toLowerCase()) });
    const response = await post(storeId, JSON.stringify(message), asText);
    expect(response.status).toBe(200);
    expect(await rowOf(subscriber.id)).toMatchObject({
      suppression: "bounced",
      suppressionReason: "Amazon SES: smtp; 550 5.1.1 user unknown",
      isActive: true,
    });
    await expectRefused(subscriber.id, () => post(storeId, JSON.stringify(message), asText), 409);
  });

  it("a complaint (SignatureVersion 1) unsubscribes the address", async () => {
    const subscriber = await subscriberOf(storeId);
    const complaint = JSON.stringify({
      notificationType: "Complaint",
      complaint: {
        complainedRecipients: [{ emailAddress: subscriber.email }],
        complaintFeedbackType: "abuse",
        timestamp: new Date().toISOString(),
        feedbackId: "0000013786031775-fea503bc-7497-49e1-881b-a0379bb037d3-000000",
      },
      mail: { timestamp: new Date().toISOString(), source: "shop@acme.example", messageId: randomUUID() },
    });
    const response = await post(
      storeId,
      JSON.stringify(snsMessage({ Type: "Notification", Message: complaint }, "1")),
      asText,
    );
    expect(response.status).toBe(200);
    expect(await rowOf(subscriber.id)).toMatchObject({
      suppression: "complained",
      suppressionReason: "Amazon SES: complaint (abuse)",
      isActive: false,
      unsubscribedAt: expect.any(Date),
    });
  });

  it("refuses a forged, foreign, stale or wrongly hosted message and changes nothing", async () => {
    const subscriber = await subscriberOf(storeId);
    const good = snsMessage({ Type: "Notification", Message: bounceOf(subscriber.email) });
    const send = (message: Record<string, string>) => () => post(storeId, JSON.stringify(message), asText);
    await expectRefused(subscriber.id, send({ ...good, Message: bounceOf("other@inbox.example") }), 401);
    await expectRefused(
      subscriber.id,
      send(
        snsMessage({ Type: "Notification", Message: bounceOf(subscriber.email), TopicArn: `${topicArn}-2` }),
      ),
      401,
    );
    const stale = new Date(Date.now() - 2 * 3600_000).toISOString();
    await expectRefused(
      subscriber.id,
      send(snsMessage({ Type: "Notification", Message: bounceOf(subscriber.email), Timestamp: stale })),
      401,
    );
    for (const certUrl of [
      "https://sns.us-east-1.amazonaws.com.evil.example/cert.pem",
      "http://sns.us-east-1.amazonaws.com/cert.pem",
      `${certOrigin.replace("127.0.0.1", "localhost")}/SimpleNotificationService-test.pem`,
    ])
      await expectRefused(
        subscriber.id,
        send(
          snsMessage({ Type: "Notification", Message: bounceOf(subscriber.email), SigningCertURL: certUrl }),
        ),
        401,
      );
    await expectRefused(subscriber.id, () => post(storeId, "{not json", asText), 400);
  });
});

describe("Postmark", () => {
  const password = "postmark-webhook-password-1";
  let storeId: string;
  beforeAll(async () => {
    storeId = await storeWithWebhook("postmark", password);
  });
  const basic = (user: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`,
  });
  const record = (fields: Record<string, unknown>) =>
    JSON.stringify({
      ID: Math.floor(Math.random() * 1e12),
      Name: "Hard bounce",
      Tag: "Test",
      MessageID: randomUUID(),
      ServerID: 23,
      MessageStream: "outbound",
      From: "shop@acme.example",
      BouncedAt: new Date().toISOString(),
      DumpAvailable: true,
      CanActivate: true,
      Subject: "Welcome",
      Metadata: {},
      ...fields,
    });

  it("a HardBounce marks the address bounced; a SpamComplaint unsubscribes; a replay is refused", async () => {
    const [bounced, complained] = [await subscriberOf(storeId), await subscriberOf(storeId)];
    const bounce = record({
      RecordType: "Bounce",
      Type: "HardBounce",
      TypeCode: 1,
      Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
      Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
      Email: bounced.email,
      Inactive: true,
    });
    expect((await post(storeId, bounce, basic("postmark", password))).status).toBe(200);
    expect(await rowOf(bounced.id)).toMatchObject({
      suppression: "bounced",
      suppressionReason:
        "Postmark: The server was unable to deliver your message (ex: unknown user, mailbox not found). (smtp;550 5.1.1 The email account that you tried to reach does not exist.)",
    });
    await expectRefused(bounced.id, () => post(storeId, bounce, basic("postmark", password)), 409);

    const complaint = record({
      RecordType: "SpamComplaint",
      Type: "SpamComplaint",
      TypeCode: 512,
      Description: "The subscriber explicitly marked this message as spam.",
      Email: complained.email,
      Inactive: true,
    });
    expect((await post(storeId, complaint, basic("postmark", password))).status).toBe(200);
    expect(await rowOf(complained.id)).toMatchObject({ suppression: "complained", isActive: false });
  });

  it("refuses wrong or missing credentials and changes nothing", async () => {
    const subscriber = await subscriberOf(storeId);
    const bounce = record({
      RecordType: "Bounce",
      Type: "HardBounce",
      Email: subscriber.email,
      Inactive: true,
    });
    await expectRefused(subscriber.id, () => post(storeId, bounce, basic("postmark", `${password}x`)), 401);
    await expectRefused(subscriber.id, () => post(storeId, bounce), 401);
    await expectRefused(subscriber.id, () => post(storeId, "[1,2", basic("postmark", password)), 400);
  });
});

describe("SendGrid", () => {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const verificationKey = publicKey.export({ format: "der", type: "spki" }).toString("base64");
  let storeId: string;
  beforeAll(async () => {
    storeId = await storeWithWebhook("sendgrid", verificationKey);
  });
  const signed = (body: string, timestamp = String(nowSeconds())) => ({
    "x-twilio-email-event-webhook-timestamp": timestamp,
    "x-twilio-email-event-webhook-signature": createSign("sha256")
      .update(timestamp + body)
      .sign(privateKey, "base64"),
  });
  const event = (fields: Record<string, unknown>) => ({
    timestamp: nowSeconds(),
    "smtp-id": `<${randomUUID()}@acme.example>`,
    category: "newsletter",
    sg_event_id: randomBytes(16).toString("base64url"),
    sg_message_id: `${randomBytes(11).toString("base64url")}.filter0001.16648.5515E0B88.0`,
    ...fields,
  });

  it("a batch: a bounce, a spam report and a delivery; each event is taken once", async () => {
    const [bounced, complained, delivered] = [
      await subscriberOf(storeId),
      await subscriberOf(storeId),
      await subscriberOf(storeId),
    ];
    const bounce = event({
      email: bounced.email,
      event: "bounce",
      type: "bounce",
      reason: "500 unknown recipient",
      status: "5.0.0",
    });
    const body = JSON.stringify([
      bounce,
      event({ email: complained.email, event: "spamreport" }),
      event({ email: delivered.email, event: "delivered", response: "250 OK" }),
    ]);
    expect((await post(storeId, body, signed(body))).status).toBe(200);
    expect(await rowOf(bounced.id)).toMatchObject({
      suppression: "bounced",
      suppressionReason: "SendGrid: 500 unknown recipient (5.0.0)",
    });
    expect(await rowOf(complained.id)).toMatchObject({ suppression: "complained", isActive: false });
    expect(await rowOf(delivered.id)).toMatchObject({ suppression: null, isActive: true });
    await expectRefused(delivered.id, () => post(storeId, body, signed(body)), 409);
  });

  it("refuses a forged, stale or unsigned batch and changes nothing", async () => {
    const subscriber = await subscriberOf(storeId);
    const body = JSON.stringify([event({ email: subscriber.email, event: "bounce", type: "bounce" })]);
    const other = JSON.stringify([
      event({ email: "someone@inbox.example", event: "bounce", type: "bounce" }),
    ]);
    await expectRefused(subscriber.id, () => post(storeId, body, signed(other)), 401);
    await expectRefused(
      subscriber.id,
      () => post(storeId, body, signed(body, String(nowSeconds() - 600))),
      401,
    );
    await expectRefused(subscriber.id, () => post(storeId, body), 401);
    const garbage = "not json at all";
    await expectRefused(subscriber.id, () => post(storeId, garbage, signed(garbage)), 400);
  });
});

describe("Mailgun", () => {
  const signingKey = randomBytes(24).toString("hex");
  let storeId: string;
  beforeAll(async () => {
    storeId = await storeWithWebhook("mailgun", signingKey);
  });
  const signature = (timestamp = String(nowSeconds()), token = randomBytes(25).toString("hex")) => ({
    timestamp,
    token,
    signature: createHmac("sha256", signingKey)
      .update(timestamp + token)
      .digest("hex"),
  });
  const webhook = (eventData: Record<string, unknown>, signed = signature()) =>
    JSON.stringify({
      signature: signed,
      "event-data": { id: randomBytes(11).toString("base64url"), timestamp: nowSeconds(), ...eventData },
    });

  it("a permanent failure marks the address bounced; a complaint unsubscribes; a temporary one changes nothing", async () => {
    const [bounced, complained, deferred] = [
      await subscriberOf(storeId),
      await subscriberOf(storeId),
      await subscriberOf(storeId),
    ];
    const bounce = webhook({
      event: "failed",
      severity: "permanent",
      reason: "bounce",
      recipient: bounced.email,
      "delivery-status": {
        code: 550,
        message: "5.1.1 The email account that you tried to reach does not exist.",
        description: "",
      },
    });
    expect((await post(storeId, bounce)).status).toBe(200);
    expect(await rowOf(bounced.id)).toMatchObject({
      suppression: "bounced",
      suppressionReason: "Mailgun: 550 5.1.1 The email account that you tried to reach does not exist.",
    });
    await expectRefused(bounced.id, () => post(storeId, bounce), 409);
    expect((await post(storeId, webhook({ event: "complained", recipient: complained.email }))).status).toBe(
      200,
    );
    expect(await rowOf(complained.id)).toMatchObject({ suppression: "complained", isActive: false });
    const temporary = webhook({ event: "failed", severity: "temporary", recipient: deferred.email });
    expect((await post(storeId, temporary)).status).toBe(200);
    expect(await rowOf(deferred.id)).toMatchObject({ suppression: null, softBounces: 0 });
  });

  it("refuses a forged or stale signature and changes nothing", async () => {
    const subscriber = await subscriberOf(storeId);
    const failed = { event: "failed", severity: "permanent", recipient: subscriber.email };
    const forged = { ...signature(), signature: "0".repeat(64) };
    await expectRefused(subscriber.id, () => post(storeId, webhook(failed, forged)), 401);
    await expectRefused(
      subscriber.id,
      () => post(storeId, webhook(failed, signature(String(nowSeconds() - 900)))),
      401,
    );
    await expectRefused(
      subscriber.id,
      () => post(storeId, new Blob([new Uint8Array([0xff, 0xfe, 0x00])])),
      400,
    );
  });
});

describe("Resend (Svix signatures)", () => {
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  let storeId: string;
  beforeAll(async () => {
    storeId = await storeWithWebhook("resend", secret);
  });
  const svix = (
    body: string,
    id = `msg_${randomBytes(12).toString("hex")}`,
    timestamp = String(nowSeconds()),
  ) => {
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const sig = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
    return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${"A".repeat(44)} v1,${sig}` };
  };
  const event = (type: string, to: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      type,
      created_at: new Date().toISOString(),
      data: {
        created_at: new Date().toISOString(),
        email_id: randomUUID(),
        from: "Acme <shop@acme.example>",
        to: [to],
        subject: "Welcome",
        ...extra,
      },
    });

  it("email.bounced marks the address bounced; email.complained unsubscribes; a replayed svix-id is refused", async () => {
    const [bounced, complained] = [await subscriberOf(storeId), await subscriberOf(storeId)];
    const body = event("email.bounced", bounced.email, {
      bounce: {
        message: "The recipient's email provider sent a hard bounce message.",
        subType: "Suppressed",
        type: "Permanent",
      },
    });
    const headers = svix(body);
    expect((await post(storeId, body, headers)).status).toBe(200);
    expect(await rowOf(bounced.id)).toMatchObject({
      suppression: "bounced",
      suppressionReason: "Resend: The recipient's email provider sent a hard bounce message.",
    });
    await expectRefused(bounced.id, () => post(storeId, body, headers), 409);
    const complaint = event("email.complained", complained.email);
    expect((await post(storeId, complaint, svix(complaint))).status).toBe(200);
    expect(await rowOf(complained.id)).toMatchObject({ suppression: "complained", isActive: false });
  });

  it("refuses a forged or stale signature and changes nothing", async () => {
    const subscriber = await subscriberOf(storeId);
    const body = event("email.bounced", subscriber.email);
    const forged = svix(event("email.bounced", "someone@inbox.example"));
    await expectRefused(
      subscriber.id,
      () => post(storeId, body, { ...svix(body), "svix-signature": forged["svix-signature"] }),
      401,
    );
    await expectRefused(
      subscriber.id,
      () => post(storeId, body, svix(body, undefined, String(nowSeconds() - 600))),
      401,
    );
    await expectRefused(subscriber.id, () => post(storeId, body, {}), 401);
  });
});

describe("the webhook's settings and edge", () => {
  it("keeps the secret encrypted and masked, and gives the URL to paste", async () => {
    const storeId = await storeWithWebhook("mailgun", "key-plain-signing-secret-0123456789");
    const settings = await admin.get<Record<string, unknown>>(`/api/stores/${storeId}/email-settings`);
    expect(settings.body).toMatchObject({
      eventsProvider: "mailgun",
      eventsSecret: "••••••••",
      eventsUrl: `${app.url}/webhooks/email-events/${storeId}`,
    });
    expect(settings.text).not.toContain("key-plain-signing-secret");
    const [row] = await testDb().select().from(emailSettings).where(eq(emailSettings.storeId, storeId));
    expect(row?.eventsSecret).toBeTruthy();
    expect(row?.eventsSecret).not.toContain("key-plain-signing-secret");
    const missing = await admin.put<{ errors: Record<string, string[]> }>(
      `/api/stores/${storeId}/email-settings`,
      {
        eventsProvider: "ses",
      },
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors.eventsSecret).toEqual(["Enter the SNS topic ARN"]);
  });

  it.each([
    ["resend", ["whsec_", `whsec_${randomBytes(16).toString("base64")}`, randomBytes(24).toString("base64")]],
    ["postmark", ["x", "short-password", `${"p".repeat(23)}@`]],
    ["mailgun", ["k", "key-short", `${"a".repeat(31)} `]],
    [
      "sendgrid",
      [
        "not-a-key",
        generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "der", type: "spki" }),
        generateKeyPairSync("ec", { namedCurve: "secp384r1" }).publicKey.export({
          format: "der",
          type: "spki",
        }),
      ].map((key) => (typeof key === "string" ? key : key.toString("base64"))),
    ],
    ["ses", ["arn:aws:sns:us-east-1:123:short", "topic"]],
  ])("refuses a %s secret not in the form the provider gives, saying which form", async (provider, weak) => {
    const storeId = (await createStoreFor(ownerId)).id;
    for (const eventsSecret of weak) {
      const saved = await admin.put<{ message: string; errors: Record<string, string[]> }>(
        `/api/stores/${storeId}/email-settings`,
        { eventsProvider: provider, eventsSecret },
      );
      expect(saved.status, eventsSecret).toBe(422);
      const label =
        provider === "ses"
          ? "ARN"
          : { resend: "Resend", postmark: "Postmark", mailgun: "Mailgun", sendgrid: "SendGrid" }[provider];
      expect(saved.body.message).toContain(label);
      expect(saved.body.errors.eventsSecret).toEqual([saved.body.message]);
    }
    const [row] = await testDb().select().from(emailSettings).where(eq(emailSettings.storeId, storeId));
    expect(row).toMatchObject({ eventsProvider: null, eventsSecret: null });
  });

  it("verifies nothing with a weak secret stored before these rules", async () => {
    const store = async (provider: "resend" | "postmark", secret: string) => {
      const storeId = (await createStoreFor(ownerId)).id;
      await testDb()
        .update(emailSettings)
        .set({ eventsProvider: provider, eventsSecret: encryptSecret(secret) })
        .where(eq(emailSettings.storeId, storeId));
      return storeId;
    };
    // A Resend secret with an empty key: anyone can sign a complaint with it.
    const resend = await store("resend", "whsec_");
    const subscriber = await subscriberOf(resend);
    const complaint = JSON.stringify({ type: "email.complained", data: { to: [subscriber.email] } });
    const id = `msg_${randomBytes(12).toString("hex")}`;
    const timestamp = String(nowSeconds());
    const forged = createHmac("sha256", Buffer.alloc(0))
      .update(`${id}.${timestamp}.${complaint}`)
      .digest("base64");
    await expectRefused(
      subscriber.id,
      () =>
        post(resend, complaint, {
          "svix-id": id,
          "svix-timestamp": timestamp,
          "svix-signature": `v1,${forged}`,
        }),
      401,
    );
    // A one-letter Postmark password.
    const postmark = await store("postmark", "x");
    const bounced = await subscriberOf(postmark);
    const bounce = JSON.stringify({
      RecordType: "Bounce",
      ID: 1,
      Type: "HardBounce",
      Email: bounced.email,
      Inactive: true,
    });
    const basic = `Basic ${Buffer.from("postmark:x").toString("base64")}`;
    await expectRefused(bounced.id, () => post(postmark, bounce, { authorization: basic }), 401);
  });

  it("answers 404 for a store without a webhook and 429 past the limit, never a 5xx", async () => {
    const storeId = (await createStoreFor(ownerId)).id;
    const statuses = new Set<number>();
    for (let request = 0; request <= RATE_LIMIT; request += 1)
      statuses.add((await post(request % 2 ? storeId : "not-a-store", "{}")).status);
    expect([...statuses].sort()).toEqual([404, 429]);
  });
});
