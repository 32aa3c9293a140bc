import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { invalid } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";

/**
 * Addresses a merchant-supplied host must not reach: private, loopback, link-local, CGNAT, benchmark,
 * multicast and reserved ranges, and their IPv6 counterparts. BlockList also matches IPv4-mapped IPv6
 * addresses (::ffff:7f00:1 is 127.0.0.1), however they are written.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // NAT64 (well-known and local-use), 6to4 and IPv4-compatible forms embed an IPv4 address that may be
  // private, and a gateway on the way turns them into a connection to it.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Whether an address is not on the public internet (so a server-side request must not go there). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  return blocked.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** The address a host name (or a literal address, bracketed or not) resolves to, or undefined. */
async function addressOf(host: string): Promise<string | undefined> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return bare;
  try {
    return (await lookup(bare)).address;
  } catch {
    return undefined;
  }
}

/** Why a host is refused, or null when it may be reached. ALLOW_PRIVATE_NETWORK_TARGETS=true allows all. */
function privateHostProblem(host: string, address: string): string | null {
  if (!isPrivateAddress(address) || env().ALLOW_PRIVATE_NETWORK_TARGETS) return null;
  return `${host} points to a private network address; use a public host`;
}

/**
 * Resolves a merchant-supplied host once and returns the address to connect to, refusing private,
 * loopback and link-local addresses (SSRF). ALLOW_PRIVATE_NETWORK_TARGETS=true lifts this for tests
 * and local development against servers on this machine.
 */
export async function resolvePublicHost(host: string): Promise<string> {
  const address = await addressOf(host);
  if (!address) throw invalid(`Cannot resolve host ${host}`);
  const problem = privateHostProblem(host, address);
  if (problem) throw invalid(problem);
  return address;
}

/**
 * The refusal for a host that resolves to a private address now, for checking a setting when it is
 * saved. A host that does not resolve (yet) passes: DNS may lag behind a new mail server, and the
 * send itself resolves and checks it again.
 */
export async function privateHostRefusal(host: string): Promise<string | null> {
  const address = await addressOf(host);
  return address ? privateHostProblem(host, address) : null;
}
