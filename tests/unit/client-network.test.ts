import { describe, expect, it } from "vitest";
import { clientNetwork } from "~/server/client-network.server";

describe("clientNetwork: the client a per-address limit counts", () => {
  it("keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as its IPv4", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::FFFF:198.51.100.9")).toBe("198.51.100.9");
  });

  it("counts every address of one IPv6 /64 as one, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0009",
      "2001:DB8:1:2:a::b",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2:0:0:198.51.100.9",
    ]) {
      expect(clientNetwork(address), address).toBe(key);
    }
  });

  it("tells neighbouring /64s apart, compressed zeros included", () => {
    expect(clientNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves anything that is not an address as it is", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
    expect(clientNetwork("")).toBe("");
  });
});
