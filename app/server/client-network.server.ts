import { isIP } from "node:net";

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An IPv6 address's eight 16-bit groups, a dotted IPv4 tail read as two of them. */
function groupsOf(ipv6: string): number[] {
  const read = (part: string): number[] => {
    if (!part) return [];
    return part.split(":").flatMap((group) => {
      if (!group.includes(".")) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  };
  const [head = "", tail] = ipv6.split("::");
  const before = read(head);
  const after = tail === undefined ? [] : read(tail);
  return [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The client a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one home
 * or one server gets a whole /64, and can send from any of its 2^64 addresses), an IPv4-mapped IPv6 address as
 * its IPv4. Anything else (no address known) as it is.
 */
export function clientNetwork(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip)?.[1];
  if (mapped) return mapped;
  const address = ip.split("%")[0] ?? "";
  if (isIP(address) !== 6) return ip;
  const prefix = groupsOf(address)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(":")}::/64`;
}
