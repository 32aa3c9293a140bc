import { afterAll, afterEach, beforeAll } from "vitest";
import { drainInProcessJobs } from "../../../jobs/client";
import { FAKE_SHOP, type FakeShop, setupShopifyMock } from "../../../mocks/shopify";
import { createOrganizationWithAdmin } from "./fixtures";

type Owner = Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

/**
 * A test file's fake shop (with discounts and customers) answering in this process, and an organization to
 * connect stores to it: the jobs each test queued run before the next, and the recorded calls start empty.
 */
export function fakeShopSuite() {
  const shop: FakeShop = { ...FAKE_SHOP, discounts: new Map(), customers: new Map() };
  const { server, calls } = setupShopifyMock([shop]);
  const suite = { shop, calls, owner: undefined as unknown as Owner };
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: "error" });
    suite.owner = await createOrganizationWithAdmin();
  });
  afterEach(async () => {
    await drainInProcessJobs();
    calls.length = 0;
  });
  afterAll(async () => {
    await drainInProcessJobs();
    server.close();
  });
  return suite;
}
