/**
 * Waiting on someone else's clock: Shopify's rate limits and its background work. Tests that count how long
 * the app was told to wait (never how long it took) record the waits instead of spending them.
 */
type Pauser = (ms: number) => Promise<void>;

const realPause: Pauser = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let pauser: Pauser = realPause;

export function pause(ms: number): Promise<void> {
  return pauser(ms);
}

/** Tests: replace the waits (e.g. record them and go on at once); `undefined` restores real waiting. */
export function pauseWith(next: Pauser | undefined): void {
  pauser = next ?? realPause;
}
