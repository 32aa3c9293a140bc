/**
 * The DNS server the end-to-end suite runs for its whole length (tests/e2e/global-setup.ts): every server
 * of the suite asks it (DNS_SERVERS), so the Settings screen's sending-domain check never reaches the
 * internet, and what it publishes is known here. A fixed loopback port: the servers are told before it starts.
 */
export const E2E_DNS_SERVER = `127.0.0.1:${Number(process.env.E2E_DNS_PORT ?? 4313)}`;

/** A From domain that publishes SPF for SendGrid and a DKIM key under selector s1, and no DMARC record. */
export const SENDING_DOMAIN = "dns-shop.example";
export const DKIM_SELECTOR = "s1";

/** The private half of the DKIM key the domain publishes, made by the global setup for this run. */
export function publishedDkimKey(): string {
  const key = process.env.E2E_DKIM_PRIVATE_KEY;
  if (!key) throw new Error("E2E_DKIM_PRIVATE_KEY is unset: run the suite through playwright.config.ts");
  return key;
}
