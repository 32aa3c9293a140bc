import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "~/lib/env.server";
import { HttpError } from "./errors.server";

/** IPv4 ranges a merchant-supplied host must not reach: private, loopback, link-local, CGNAT, multicast… */
const BLOCKED_V4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xe0000000, 3],
];

function ipv4ToInt(address: string): number {
  return address.split(".").reduce((value, part) => ((value << 8) | Number(part)) >>> 0, 0);
}

/** Whether an address is not on the public internet (so a server-side request must not go there). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  if (isIP(address) === 4) {
    const value = ipv4ToInt(address);
    return BLOCKED_V4.some(
      ([base, bits]) => (value & (bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0)) >>> 0 === base,
    );
  }
  const lower = address.toLowerCase();
  return (
    lower === "::" ||
    lower === "::1" ||
    /^f[cd]/.test(lower) ||
    /^fe[89ab]/.test(lower) ||
    lower.startsWith("ff")
  );
}

/**
 * Resolves a merchant-supplied host once and returns the address to connect to, refusing private,
 * loopback and link-local addresses (SSRF). ALLOW_PRIVATE_NETWORK_TARGETS=true lifts this for tests
 * and local development against servers on this machine.
 */
export async function resolvePublicHost(host: string): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, "");
  let address = bare;
  if (!isIP(bare)) {
    try {
      address = (await lookup(bare)).address;
    } catch {
      throw new HttpError(422, `Cannot resolve host ${host}`);
    }
  }
  if (isPrivateAddress(address) && !env().ALLOW_PRIVATE_NETWORK_TARGETS) {
    throw new HttpError(422, `${host} points to a private network address; use a public host`);
  }
  return address;
}
