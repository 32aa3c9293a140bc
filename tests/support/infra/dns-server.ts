import dns2 from "dns2";

/**
 * A DNS server on 127.0.0.1 (UDP) answering TXT questions from `zone` (name → records), SERVFAIL for the
 * names in `failing` (a server that cannot answer), NXDOMAIN otherwise: the sending-domain check and DKIM
 * verification ask it instead of the internet (DNS_SERVERS).
 */
export type DnsServer = {
  server: string;
  zone: Map<string, string[]>;
  failing: Set<string>;
  /** Every question asked, by name: what the app made the server look up. */
  asked: string[];
  stop: () => Promise<void>;
};

/** A TXT record's character-strings are at most 255 bytes each. */
const chunked = (record: string) => record.match(/.{1,255}/g) ?? [""];

/** `port` 0 takes a free one; the end-to-end servers are told a fixed one before the suite starts. */
export async function startDnsServer(port = 0): Promise<DnsServer> {
  const zone = new Map<string, string[]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? "";
      asked.push(name);
      const records = zone.get(name);
      if (failing.has(name)) response.header.rcode = 2;
      else if (!question || !records) response.header.rcode = 3;
      else if (question.type === dns2.Packet.TYPE.TXT) {
        for (const record of records) {
          response.answers.push({
            name: question.name,
            type: dns2.Packet.TYPE.TXT,
            class: dns2.Packet.CLASS.IN,
            ttl: 60,
            data: chunked(record),
            // dns2's type wants a parsed Resource; the encoder takes this plain answer.
          } as unknown as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port, address: "127.0.0.1" } });
  const bound = (listening.udp as { port: number }).port;
  return { server: `127.0.0.1:${bound}`, zone, failing, asked, stop: () => server.close() };
}
