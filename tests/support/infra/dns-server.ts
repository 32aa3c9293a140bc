import dns2 from "dns2";

/**
 * A DNS server on 127.0.0.1 (UDP) answering TXT questions from `zone` (name → records), NXDOMAIN otherwise:
 * the sending-domain check and DKIM verification ask it instead of the internet (DNS_SERVERS).
 */
export type DnsServer = { server: string; zone: Map<string, string[]>; stop: () => Promise<void> };

/** A TXT record's character-strings are at most 255 bytes each. */
const chunked = (record: string) => record.match(/.{1,255}/g) ?? [""];

export async function startDnsServer(): Promise<DnsServer> {
  const zone = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const records = question ? zone.get(question.name.toLowerCase()) : undefined;
      if (!question || !records) response.header.rcode = 3;
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
  const listening = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = (listening.udp as { port: number }).port;
  return { server: `127.0.0.1:${port}`, zone, stop: () => server.close() };
}
