import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePublicHost } from "~/server/network-guard.server";
import { fetchPublicPage, PAGE_FETCH_LIMITS } from "~/server/safe-fetch.server";
import { verifyInstallation } from "~/services/stores/integration.server";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { pageWith, startSiteServer } from "../support/infra/site-server";

/**
 * The installation check fetches a URL the merchant typed. Here the guard is as in production
 * (ALLOW_PRIVATE_NETWORK_TARGETS unset): nothing on this machine or its private networks is reachable.
 */
let site: Awaited<ReturnType<typeof startSiteServer>>;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  site = await startSiteServer();
  owner = await createOrganizationWithAdmin();
});
afterAll(() => site.close());

const refusedHosts = [
  "http://127.0.0.1/",
  "http://localhost/",
  "http://10.1.2.3/",
  "http://192.168.0.10/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://0.0.0.0/",
];

describe("a merchant URL that points inside our network", () => {
  it.each(refusedHosts)("%s is refused before any connection", async (url) => {
    await expect(fetchPublicPage(url)).rejects.toThrow(/private network address/);
  });

  it("is refused at the site server on this machine, which never sees the request", async () => {
    site.setPage("/", { body: pageWith("") });
    await expect(fetchPublicPage(`${site.origin}/`)).rejects.toThrow(/private network address/);
    expect(site.hits("/")).toBe(0);
  });

  it("is refused when a public page redirects to it, without following", async () => {
    // public.test stands for a public site: the test resolver sends it to the local server; every
    // other host goes through the production guard.
    const resolveHost = (host: string) =>
      host === "public.test" ? Promise.resolve("127.0.0.1") : resolvePublicHost(host);
    const port = new URL(site.origin).port;
    site.setPage("/hop", { status: 302, headers: { Location: `http://127.0.0.1:${port}/inside` } });
    site.setPage("/inside", { body: "secret" });
    await expect(fetchPublicPage(`http://public.test:${port}/hop`, { resolveHost })).rejects.toThrow(
      /private network address/,
    );
    site.setPage("/to-metadata", { status: 307, headers: { Location: "http://169.254.169.254/latest/" } });
    await expect(fetchPublicPage(`http://public.test:${port}/to-metadata`, { resolveHost })).rejects.toThrow(
      /private network address/,
    );
    expect(site.hits("/inside")).toBe(0);
  });

  it.each([
    "file:///etc/passwd",
    "ftp://example.com/",
    "gopher://127.0.0.1:6379/_INFO",
    "javascript:alert(1)",
  ])("%s is refused: only http and https", async (url) => {
    await expect(fetchPublicPage(url)).rejects.toThrow(/Only http and https/);
  });
});

describe("bounds on a fetch", () => {
  const viaLocal = { resolveHost: () => Promise.resolve("127.0.0.1") };

  it("stops after the redirect limit", async () => {
    const port = new URL(site.origin).port;
    site.setPage("/loop", { status: 302, headers: { Location: `http://public.test:${port}/loop` } });
    await expect(fetchPublicPage(`http://public.test:${port}/loop`, viaLocal)).rejects.toThrow(
      `redirects more than ${PAGE_FETCH_LIMITS.maxRedirects} times`,
    );
    expect(site.hits("/loop")).toBe(PAGE_FETCH_LIMITS.maxRedirects + 1);
  });

  it("reads no more than the size limit", async () => {
    site.setPage("/huge", { body: "x".repeat(300_000) });
    const page = await fetchPublicPage(`${site.origin}/huge`, {
      ...viaLocal,
      limits: { ...PAGE_FETCH_LIMITS, maxBytes: 64 * 1024 },
    });
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBeLessThan(300_000);
  });

  it("gives up on a site that never answers", async () => {
    const silent = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      await expect(
        fetchPublicPage(`http://127.0.0.1:${port}/`, {
          ...viaLocal,
          limits: { ...PAGE_FETCH_LIMITS, timeoutMs: 300 },
        }),
      ).rejects.toThrow(/did not answer within 0.3 s/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe("verify installation on a store whose address is private", () => {
  it("answers not installed with the reason, and marks the store unverified", async () => {
    const store = await createStoreFor(owner.admin.id, { shopifyUrl: "http://169.254.169.254" });
    const result = await verifyInstallation(await actorFor(owner.admin.id), store.id, { force: true });
    expect(result).toMatchObject({ installed: false, message: expect.stringContaining("private network") });
  });
});
