import { generateKeyPairSync } from "node:crypto";
import { startDnsServer } from "../support/infra/dns-server";
import { DKIM_SELECTOR, E2E_DNS_SERVER, SENDING_DOMAIN } from "./support/dns";

/**
 * Starts the suite's DNS server (support/dns.ts) and publishes the sending domain's records; the
 * function returned stops it when the run ends. The DKIM key pair is made here and handed to the test
 * workers through the environment, which they inherit.
 */
export default async function globalSetup() {
  const dns = await startDnsServer(Number(E2E_DNS_SERVER.split(":")[1]));
  // 1024 bits keeps the DKIM record inside one 512-byte UDP answer.
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  process.env.E2E_DKIM_PRIVATE_KEY = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const published = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  dns.zone.set(SENDING_DOMAIN, ["v=spf1 include:sendgrid.net ~all"]);
  dns.zone.set(`${DKIM_SELECTOR}._domainkey.${SENDING_DOMAIN}`, [`v=DKIM1; k=rsa; p=${published}`]);
  return () => dns.stop();
}
