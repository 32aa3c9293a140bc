import { describe, expect, it } from "vitest";
import { clientHop, forwardedHops, type TrustHop } from "~/http/forwarded-for.server";

const trustNone: TrustHop = () => false;
const trustOne: TrustHop = (_address, hop) => hop < 1;

describe("forwardedHops", () => {
  it("lists the connection's address, then X-Forwarded-For's entries from the right", () => {
    expect(forwardedHops("10.0.0.1", "1.2.3.4, 203.0.113.7 ,23.227.38.65")).toEqual([
      "10.0.0.1",
      "23.227.38.65",
      "203.0.113.7",
      "1.2.3.4",
    ]);
    expect(forwardedHops(undefined, undefined)).toEqual([""]);
  });
});

describe("clientHop", () => {
  const hops = forwardedHops("10.0.0.1", "1.2.3.4, 203.0.113.7, 23.227.38.65");

  it("is the connection when no proxy is trusted, else the first hop past the trusted ones", () => {
    expect(clientHop(hops, trustNone)).toBe(0);
    expect(clientHop(hops, trustOne)).toBe(1);
  });

  it("stops at the leftmost entry when every hop is trusted", () => {
    expect(clientHop(hops, () => true)).toBe(3);
  });
});
