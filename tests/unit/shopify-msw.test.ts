import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_SHOP, INVALID_TOKEN_ERROR, setupShopifyMock } from "../../mocks/shopify";

/** The fake Shopify Admin API used by later tests answers like the real one. */
const { server, calls } = setupShopifyMock();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const endpoint = `https://${FAKE_SHOP.domain}/admin/api/2025-07/graphql.json`;

function query(body: string, token: string | undefined, url = endpoint) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers["X-Shopify-Access-Token"] = token;
  return fetch(url, { method: "POST", headers, body: JSON.stringify({ query: body }) });
}

describe("fake Shopify Admin GraphQL", () => {
  it("answers shop and currentAppInstallation for a known token", async () => {
    const response = await query(
      "#graphql\nquery { shop { name myshopifyDomain } currentAppInstallation { accessScopes { handle } } }",
      FAKE_SHOP.accessToken,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown; extensions: { cost: unknown } };
    expect(body.data).toEqual({
      shop: { name: FAKE_SHOP.name, myshopifyDomain: FAKE_SHOP.domain },
      currentAppInstallation: { accessScopes: FAKE_SHOP.scopes.map((handle) => ({ handle })) },
    });
    expect(body.extensions.cost).toBeDefined();
    expect(calls.at(-1)).toMatchObject({ shop: FAKE_SHOP.domain, version: "2025-07" });
  });

  it("answers 401 with Shopify's message for an unknown or missing token", async () => {
    for (const token of ["shpat_wrong", undefined]) {
      const response = await query("{ shop { name } }", token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errors: INVALID_TOKEN_ERROR });
    }
  });

  it("answers 404 for a shop it does not know", async () => {
    const response = await query(
      "{ shop { name } }",
      FAKE_SHOP.accessToken,
      "https://nobody.myshopify.com/admin/api/2025-07/graphql.json",
    );
    expect(response.status).toBe(404);
  });
});
