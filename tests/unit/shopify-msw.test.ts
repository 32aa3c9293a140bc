import { type OperationDefinitionNode, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { adminRootFields, FAKE_SHOP, INVALID_TOKEN_ERROR, setupShopifyMock } from "../../mocks/shopify";
import { executeAdminRequest } from "../../mocks/shopify-graphql";
import { findAdminDocuments } from "../../scripts/admin-graphql/documents";
import { servedAdminVersion } from "../../scripts/admin-graphql/schema";

/** The fake Shopify Admin API used by later tests answers like the real one. */
const { server, calls } = setupShopifyMock();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const endpoint = `https://${FAKE_SHOP.domain}/admin/api/2025-07/graphql.json`;
const current = `https://${FAKE_SHOP.domain}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

function query(body: string, token: string | undefined, url = endpoint, variables = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers["X-Shopify-Access-Token"] = token;
  return fetch(url, { method: "POST", headers, body: JSON.stringify({ query: body, variables }) });
}

type GraphqlBody = { data?: unknown; errors?: { message: string }[] };

async function errorsOf(response: Response): Promise<string[]> {
  const body = (await response.json()) as GraphqlBody;
  return (body.errors ?? []).map((error) => error.message);
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

describe("the fake shop answers from Shopify's Admin API schema", () => {
  it("refuses a field the schema does not have, as Shopify does", async () => {
    const response = await query("{ shop { name favouriteColour } }", FAKE_SHOP.accessToken);
    expect(response.status).toBe(200);
    expect(await errorsOf(response)).toEqual([
      expect.stringMatching(/^Cannot query field "favouriteColour" on type "Shop"/),
    ]);
  });

  it("refuses variables that Shopify's input types refuse", async () => {
    const response = await query(
      "mutation Create($input: CustomerInput!) { customerCreate(input: $input) { customer { id } } }",
      FAKE_SHOP.accessToken,
      endpoint,
      { input: { email: "a@example.com", emailMarketingConsent: { marketingState: "MAYBE" } } },
    );
    expect(await errorsOf(response)).toEqual([
      expect.stringMatching(
        /^Variable "\$input" got invalid value "MAYBE" at "input\.emailMarketingConsent\.marketingState"/,
      ),
    ]);
  });

  it("answers a retired version's URL from the oldest supported schema, as Shopify falls forward", () => {
    const onReviewDay = new Date("2026-11-26T12:00:00Z");
    expect(servedAdminVersion("2025-07", onReviewDay)).toBe("2026-01");
    expect(servedAdminVersion("2025-10", onReviewDay)).toBe("2026-01");
    expect(servedAdminVersion("2025-10", new Date("2026-09-30T23:59:59Z"))).toBe("2025-10");
    expect(servedAdminVersion("2026-10", onReviewDay)).toBe("2026-10");
    expect(servedAdminVersion("unstable", onReviewDay)).toBe("unstable");
  });

  it("names the version that served a request and the deprecated fields it used, as Shopify's headers do", async () => {
    const response = await query("{ shop { name storefrontUrl } }", FAKE_SHOP.accessToken, current);
    expect(response.headers.get("X-Shopify-API-Version")).toBe(SHOPIFY_API_VERSION);
    expect(response.headers.get("X-Shopify-API-Deprecated-Reason")).toBe("Shop.storefrontUrl");
    const clean = await query("{ shop { name } }", FAKE_SHOP.accessToken, current);
    expect(clean.headers.get("X-Shopify-API-Deprecated-Reason")).toBeNull();
  });

  it("names the file to extend for a root field it does not answer", async () => {
    const response = await query("{ orders(first: 1) { nodes { id } } }", FAKE_SHOP.accessToken);
    expect(await errorsOf(response)).toEqual([
      "The fake Shopify does not answer orders: extend mocks/shopify.ts",
    ]);
  });

  it("turns an answer that drifts from the schema into an error", () => {
    const missingField = executeAdminRequest(
      { shop: () => ({ name: "Acme" }) },
      { version: SHOPIFY_API_VERSION, query: "{ shop { name myshopifyDomain } }", variables: {} },
    );
    expect(missingField.result.errors?.map((error) => error.message)).toEqual([
      "Cannot return null for non-nullable field Shop.myshopifyDomain.",
    ]);
    const unknownState = executeAdminRequest(
      {
        customerByIdentifier: () => ({
          id: "gid://shopify/Customer/1",
          emailMarketingConsent: { marketingState: "OPTED_IN" },
        }),
      },
      {
        version: SHOPIFY_API_VERSION,
        query:
          '{ customerByIdentifier(identifier: { emailAddress: "a@example.com" }) { emailMarketingConsent { marketingState } } }',
        variables: {},
      },
    );
    expect(unknownState.result.errors?.map((error) => error.message)).toEqual([
      expect.stringMatching(/^Enum "CustomerEmailMarketingState" cannot represent value: "OPTED_IN"/),
    ]);
  });

  it("answers every root field the app's documents ask for", () => {
    const answered = Object.keys(adminRootFields(FAKE_SHOP));
    const asked = findAdminDocuments().flatMap((document) =>
      parse(document.source)
        .definitions.filter((definition) => definition.kind === "OperationDefinition")
        .flatMap((operation: OperationDefinitionNode) => operation.selectionSet.selections)
        .flatMap((selection) => (selection.kind === "Field" ? [selection.name.value] : [])),
    );
    expect(asked.filter((field) => !answered.includes(field))).toEqual([]);
  });
});
