import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "~/server/network-guard.server";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.7",
    "172.20.1.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "64:ff9b:1::a00:1",
    "2002:7f00:1::1",
    "2002:a9fe:a9fe::",
    "fd12:3456::1",
    "fe80::1",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
