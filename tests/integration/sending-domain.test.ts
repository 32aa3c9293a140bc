import { generateKeyPairSync } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { type DnsServer, startDnsServer } from "../support/infra/dns-server";
import { type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";

/**
 * Settings → the sending domain: the From domain's SPF, DKIM and DMARC records as a DNS server this suite runs
 * on 127.0.0.1 publishes them (the app asks it through DNS_SERVERS), and DKIM signing with the merchant's key,
 * verified by mailauth against the same server.
 */
let app: AppServer;
let dns: DnsServer;
let sink: SmtpSink;
let admin: HttpClient;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

// 1024 bits keeps the DKIM record inside one 512-byte UDP answer.
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;

type DomainCheck = {
  domain: string;
  records: { kind: string; name: string; status: string; found: string | null; expected: string }[];
};

beforeAll(async () => {
  dns = await startDnsServer();
  sink = await startSmtpSink();
  owner = await createOrganizationWithAdmin();
  app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true", DNS_SERVERS: dns.server } });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
  await sink?.stop();
  await dns?.stop();
});

async function storeSendingAs(fromEmail: string, settings: Record<string, unknown>): Promise<string> {
  const { id } = await createStoreFor(owner.admin.id);
  const saved = await admin.put(`/api/stores/${id}/email-settings`, { fromEmail, ...settings });
  expect(saved.status).toBe(200);
  return id;
}

const check = async (storeId: string) =>
  (await admin.get<DomainCheck>(`/api/stores/${storeId}/email-settings/domain`)).body;

describe("the sending domain check", () => {
  it("lists each missing record with the exact record to add", async () => {
    const storeId = await storeSendingAs("news@bare.example", { smtpHost: "smtp.sendgrid.net" });
    const result = await check(storeId);
    expect(result.domain).toBe("bare.example");
    expect(result.records).toEqual([
      {
        kind: "SPF",
        name: "bare.example",
        status: "missing",
        found: null,
        expected: "v=spf1 include:sendgrid.net ~all",
      },
      {
        kind: "DKIM",
        name: "SELECTOR._domainkey.bare.example",
        status: "missing",
        found: null,
        expected: expect.stringContaining("enter your own selector and private key"),
      },
      {
        kind: "DMARC",
        name: "_dmarc.bare.example",
        status: "missing",
        found: null,
        expected: "v=DMARC1; p=none; rua=mailto:news@bare.example",
      },
    ]);
  });

  it("finds published records, and says how to fix an SPF record that leaves the server out", async () => {
    dns.zone.set("ready.example", ["google-site-verification=abc", "v=spf1 include:_spf.google.com -all"]);
    dns.zone.set("s1._domainkey.ready.example", [publicRecord]);
    dns.zone.set("_dmarc.ready.example", ["v=DMARC1; p=quarantine"]);
    const storeId = await storeSendingAs("news@ready.example", {
      smtpHost: "smtp.sendgrid.net",
      dkimSelector: "s1",
      dkimPrivateKey: privatePem,
    });
    const saved = await admin.get<Record<string, unknown>>(`/api/stores/${storeId}/email-settings`);
    expect(saved.body).toMatchObject({
      dkimSelector: "s1",
      dkimPrivateKey: expect.not.stringContaining("PRIVATE"),
    });
    const byKind = Object.fromEntries((await check(storeId)).records.map((record) => [record.kind, record]));
    expect(byKind.SPF).toMatchObject({
      status: "mismatch",
      found: "v=spf1 include:_spf.google.com -all",
      expected: "v=spf1 include:_spf.google.com include:sendgrid.net -all",
    });
    expect(byKind.DKIM).toMatchObject({
      name: "s1._domainkey.ready.example",
      status: "found",
      expected: publicRecord,
    });
    expect(byKind.DMARC).toMatchObject({ status: "found", found: "v=DMARC1; p=quarantine" });

    dns.zone.set("ready.example", ["v=spf1 include:_spf.google.com include:sendgrid.net -all"]);
    dns.zone.set("s1._domainkey.ready.example", ["v=DKIM1; k=rsa; p=AAAA"]);
    const again = Object.fromEntries((await check(storeId)).records.map((record) => [record.kind, record]));
    expect(again.SPF?.status).toBe("found");
    expect(again.DKIM).toMatchObject({ status: "mismatch", expected: publicRecord });
  });

  it("says so when the DNS server cannot answer, rather than calling a record missing", async () => {
    dns.failing.add("_dmarc.broken.example");
    const storeId = await storeSendingAs("news@broken.example", { smtpHost: "smtp.sendgrid.net" });
    const answer = await admin.get<{ message: string }>(`/api/stores/${storeId}/email-settings/domain`);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(
      "The DNS lookup of _dmarc.broken.example got no answer (ESERVFAIL): check again in a moment",
    );
  });

  it("is limited to 10 checks per store and 30 per person in 15 minutes: a clear 429, and no DNS question", async () => {
    const member = await createOrganizationWithAdmin();
    const client = new HttpClient(app.url);
    await client.login(member.email, member.password);
    const checks = async (storeId: string, times: number) =>
      Promise.all(
        Array.from({ length: times }, () =>
          client.get<{ message: string }>(`/api/stores/${storeId}/email-settings/domain`),
        ),
      );
    const stores: string[] = [];
    for (const domain of ["one", "two", "three", "four"]) {
      const { id } = await createStoreFor(member.admin.id);
      const saved = await client.put(`/api/stores/${id}/email-settings`, {
        fromEmail: `news@limited-${domain}.example`,
        smtpHost: "smtp.sendgrid.net",
      });
      expect(saved.status).toBe(200);
      stores.push(id);
    }
    const [first = "", second = "", third = "", fourth = ""] = stores;
    for (const storeId of [first, second, third]) {
      expect((await checks(storeId, 10)).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    }
    const asked = dns.asked.length;

    const [perPerson] = await checks(fourth, 1);
    expect(perPerson?.status).toBe(429);
    expect(perPerson?.body.message).toBe(
      "You have checked sending domains too many times. Please try again in 15 minutes.",
    );
    expect(Number(perPerson?.headers.get("retry-after"))).toBeGreaterThan(0);

    const [perStore] = await checks(first, 1);
    expect(perStore?.status).toBe(429);
    expect(perStore?.body.message).toBe(
      "Too many checks of this store's sending domain. Please try again in 15 minutes.",
    );
    expect(Number(perStore?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(dns.asked.length).toBe(asked);
  });

  it("removes the DKIM key when given null: masked as unset, and the check asks for a key again", async () => {
    dns.zone.set("s3._domainkey.removed.example", [publicRecord]);
    const storeId = await storeSendingAs("news@removed.example", {
      smtpHost: "smtp.sendgrid.net",
      dkimSelector: "s3",
      dkimPrivateKey: privatePem,
    });
    // An empty key keeps the stored one; null removes it.
    const kept = await admin.put<{ dkimPrivateKey: string }>(`/api/stores/${storeId}/email-settings`, {
      dkimPrivateKey: "",
    });
    expect(kept.body.dkimPrivateKey).not.toBe("");
    const removed = await admin.put<{ dkimPrivateKey: string; dkimSelector: string }>(
      `/api/stores/${storeId}/email-settings`,
      { dkimPrivateKey: null },
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ dkimPrivateKey: "", dkimSelector: "s3" });
    const dkim = (await check(storeId)).records.find((record) => record.kind === "DKIM");
    expect(dkim).toMatchObject({
      status: "found",
      expected: expect.stringContaining("enter your own selector"),
    });
  });

  it("refuses a DKIM key that is not a PEM private key, under its field", async () => {
    const { id } = await createStoreFor(owner.admin.id);
    const saved = await admin.put(`/api/stores/${id}/email-settings`, {
      dkimSelector: "s1",
      dkimPrivateKey: "not a key",
    });
    expect(saved.status).toBe(422);
    expect(JSON.stringify(saved.body)).toContain("Paste the private key in PEM form");
  });
});

describe("DKIM signing", () => {
  it("signs the store's mail with the merchant's key, and the signature verifies against the published key", async () => {
    dns.zone.set("s2._domainkey.signed.example", [publicRecord]);
    const storeId = await storeSendingAs("news@signed.example", {
      smtpHost: "127.0.0.1",
      smtpPort: Number(new URL(sink.url).port),
      dkimSelector: "s2",
      dkimPrivateKey: privatePem,
    });
    const sent = await admin.post(`/api/stores/${storeId}/email-settings/send-test`, {
      to: "me@example.net",
    });
    expect(sent.status).toBe(200);
    const message = await sink.waitForMessage((received) => received.envelopeTo.includes("me@example.net"));
    expect(message.headers.get("dkim-signature")).toBeTruthy();

    const resolver = new Resolver();
    resolver.setServers([dns.server]);
    const verified = await dkimVerify(message.raw, {
      // mailauth asks only for TXT records here.
      resolver: (name: string) => resolver.resolveTxt(name),
    });
    expect(verified.results.map((result) => [result.signingDomain, result.status.result])).toEqual([
      ["signed.example", "pass"],
    ]);
  });
});
