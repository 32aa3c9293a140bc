/** Decides whether a hop of a request's path is a proxy of ours: Express's compiled "trust proxy" setting. */
export type TrustHop = (address: string, hop: number) => boolean;

/**
 * The addresses a request came through, nearest first: the connection's, then X-Forwarded-For's entries
 * from the right (each proxy appends the address it received the request from; the leftmost entries are
 * whatever the client wrote).
 */
export function forwardedHops(socketAddress: string | undefined, forwardedFor: string | undefined): string[] {
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  return [socketAddress ?? "", ...forwarded];
}

/**
 * The position of the client in `hops`, as Express's req.ip has it: the hops are walked while `trust`
 * trusts them (TRUST_PROXY), and the first one it does not trust is the client.
 */
export function clientHop(hops: string[], trust: TrustHop): number {
  let hop = 0;
  while (hop < hops.length - 1 && trust(hops[hop] ?? "", hop)) hop += 1;
  return hop;
}
