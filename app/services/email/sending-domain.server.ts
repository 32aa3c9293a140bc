/**
 * Whether the From address's domain publishes what Gmail and Yahoo require of bulk senders: SPF naming the
 * server that sends, a DKIM key, and a DMARC policy. Each record is looked up, reported found or missing, and
 * given as the exact record to add. docs/decisions/172.
 */
import { createPublicKey } from "node:crypto";
import { Resolver } from "node:dns/promises";
import type { SendingDomainCheck } from "~/lib/schemas/email-settings";
import { upstreamFailed } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";

/** The SPF mechanism of the SMTP providers merchants use; any other host is named by itself (`a:host`). */
const providerSpf: [RegExp, string][] = [
  [/(^|\.)sendgrid\.net$/, "include:sendgrid.net"],
  [/(^|\.)amazonaws\.com$/, "include:amazonses.com"],
  [/(^|\.)mailgun\.org$/, "include:mailgun.org"],
  [/(^|\.)postmarkapp\.com$/, "include:spf.mtasv.net"],
  [/(^|\.)gmail\.com$|(^|\.)google\.com$/, "include:_spf.google.com"],
  [/(^|\.)office365\.com$|(^|\.)outlook\.com$/, "include:spf.protection.outlook.com"],
];

function spfMechanism(smtpHost: string): string {
  const host = smtpHost.toLowerCase();
  return providerSpf.find(([pattern]) => pattern.test(host))?.[1] ?? `a:${host}`;
}

function resolver(): Resolver {
  const dns = new Resolver({ timeout: 3_000, tries: 2 });
  if (env().DNS_SERVERS?.length) dns.setServers(env().DNS_SERVERS ?? []);
  return dns;
}

/**
 * The TXT records at `name`, each joined from its strings; none when the name does not exist. A lookup that
 * gets no answer (no DNS server reachable, a timeout) says so: it proves neither presence nor absence.
 */
async function txt(dns: Resolver, name: string): Promise<string[]> {
  try {
    return (await dns.resolveTxt(name)).map((chunks) => chunks.join(""));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw upstreamFailed(
      `The DNS lookup of ${name} got no answer (${code ?? "failed"}): check again in a moment`,
    );
  }
}

/** The DKIM public key record of a PEM private key. */
export function dkimRecordFor(privateKeyPem: string): string {
  const key = createPublicKey(privateKeyPem).export({ type: "spki", format: "der" }).toString("base64");
  return `v=DKIM1; k=rsa; p=${key}`;
}

const tagOf = (record: string, tag: string) =>
  record
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${tag}=`))
    ?.slice(tag.length + 1)
    .replace(/\s+/g, "");

type Sender = {
  fromEmail: string;
  smtpHost: string;
  dkimSelector: string | null;
  dkimPrivateKey: string | null;
};

export async function checkSendingDomain(sender: Sender): Promise<SendingDomainCheck> {
  const domain = (sender.fromEmail.split("@")[1] ?? "").toLowerCase();
  const dns = resolver();
  const mechanism = spfMechanism(sender.smtpHost);
  const dkimName = `${sender.dkimSelector ?? "SELECTOR"}._domainkey.${domain}`;
  const [spf, dkim, dmarc] = await Promise.all([
    txt(dns, domain).then((records) => records.find((record) => /^v=spf1(\s|$)/i.test(record)) ?? null),
    sender.dkimSelector ? txt(dns, dkimName).then((records) => records[0] ?? null) : null,
    txt(dns, `_dmarc.${domain}`).then(
      (records) => records.find((record) => /^v=DMARC1/i.test(record)) ?? null,
    ),
  ]);
  const spfExpected = spf
    ? spf.replace(/\s+([~\-?+]?all)\b/i, ` ${mechanism} $1`)
    : `v=spf1 ${mechanism} ~all`;
  const dkimExpected = sender.dkimPrivateKey
    ? dkimRecordFor(sender.dkimPrivateKey)
    : "Your email provider gives you a selector and a DKIM record to publish; or enter your own selector and private key in Email configuration";
  return {
    domain,
    records: [
      {
        kind: "SPF",
        name: domain,
        status: spf === null ? "missing" : spf.toLowerCase().includes(mechanism) ? "found" : "mismatch",
        found: spf,
        expected: spf?.toLowerCase().includes(mechanism) ? spf : spfExpected,
      },
      {
        kind: "DKIM",
        name: dkimName,
        status:
          dkim === null
            ? "missing"
            : !sender.dkimPrivateKey || tagOf(dkim, "p") === tagOf(dkimExpected, "p")
              ? "found"
              : "mismatch",
        found: dkim,
        expected: dkimExpected,
      },
      {
        kind: "DMARC",
        name: `_dmarc.${domain}`,
        status: dmarc === null ? "missing" : "found",
        found: dmarc,
        expected: dmarc ?? `v=DMARC1; p=none; rua=mailto:${sender.fromEmail}`,
      },
    ],
  };
}
