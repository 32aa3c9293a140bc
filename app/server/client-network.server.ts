import { isIPv6 } from "node:net";

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight groups of an IPv6 address, "::" expanded (an IPv4 tail stands for the last two). */
function groupsOf(address: string): string[] {
  const [head, tail] = address.split("::");
  const groups = (text: string | undefined) =>
    text ? text.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const before = groups(head);
  if (tail === undefined) return before;
  const after = groups(tail);
  return [...before, ...Array<string>(8 - before.length - after.length).fill("0"), ...after];
}

/**
 * The network a client address stands for when failures are counted per client: an IPv4 address is itself
 * (also written IPv4-mapped, ::ffff:192.0.2.1), an IPv6 address its /64, the block one subscriber gets, so
 * rotating through it is one client, not 2^64.
 */
export function clientNetwork(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip)?.[1];
  if (mapped) return mapped;
  const address = ip.split("%")[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const prefix = groupsOf(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
