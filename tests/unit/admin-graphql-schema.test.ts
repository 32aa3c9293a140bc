import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { adminTypesModule, GENERATED_TYPES_PATH } from "../../scripts/admin-graphql/codegen";
import { documentErrors, findAdminDocuments } from "../../scripts/admin-graphql/documents";
import { adminSchema, isAdminSchemaShipped, nextAdminVersion } from "../../scripts/admin-graphql/schema";
import { versionReport } from "../../scripts/admin-graphql/version-report";

/** The app's Admin GraphQL documents against Shopify's published schemas (@shopify/dev-mcp, offline). */
const documents = findAdminDocuments();

describe(`Admin API documents (configured version ${SHOPIFY_API_VERSION})`, () => {
  it("are found in the app's sources, one named operation each", () => {
    expect(documents.length).toBeGreaterThanOrEqual(9);
    for (const document of documents) expect(document.source).toMatch(/^#graphql\s+(query|mutation) \w+/);
  });

  it("are all valid against the configured version's schema", () => {
    const schema = adminSchema(SHOPIFY_API_VERSION);
    const refused = documents.flatMap((document) =>
      documentErrors(document, schema).map((message) => `${document.location}: ${message}`),
    );
    expect(refused).toEqual([]);
  });

  it("use nothing the configured version deprecates (Shopify would name it in X-Shopify-API-Deprecated-Reason)", () => {
    expect(versionReport(documents, SHOPIFY_API_VERSION, SHOPIFY_API_VERSION).deprecated).toEqual([]);
  });

  it("have committed types equal to what npm run graphql-codegen generates", () => {
    expect(readFileSync(GENERATED_TYPES_PATH, "utf8")).toBe(adminTypesModule());
  });

  it("report what the next version would break (informative: only the configured version must pass)", () => {
    const next = nextAdminVersion(SHOPIFY_API_VERSION);
    const lines = [`Admin API ${next} against the app's ${documents.length} documents:`];
    if (!isAdminSchemaShipped(next)) {
      lines.push(`  no ${next} schema in @shopify/dev-mcp yet: update the package to check it`);
    } else {
      const report = versionReport(documents, SHOPIFY_API_VERSION, next);
      const section = (title: string, items: string[]) =>
        lines.push(`  ${title}: ${items.length === 0 ? "none" : ""}`, ...items.map((item) => `    ${item}`));
      section("refused documents", report.refused);
      section("deprecated uses", report.deprecated);
      section(`generated types that change (compared with ${SHOPIFY_API_VERSION})`, report.changedTypes);
    }
    // biome-ignore lint/suspicious/noConsole: the report is this test's output, read when moving versions.
    console.info(lines.join("\n"));
  });
});

describe("versionReport", () => {
  // Shop.draftOrders is deprecated in 2025-10 and gone in 2026-01.
  const removed = {
    source: "#graphql\nquery ShopDrafts { shop { draftOrders(first: 1) { nodes { id } } } }",
    location: "example.ts:1",
  };

  it("names a document the next version refuses, and the deprecated field it uses today", () => {
    const report = versionReport([removed], "2025-10", "2026-01");
    expect(report.refused).toEqual([
      expect.stringMatching(/^example\.ts:1: Cannot query field "draftOrders" on type "Shop"\./),
    ]);
    expect(versionReport([removed], "2025-10", "2025-10").deprecated).toEqual([
      expect.stringMatching(/^example\.ts:1: The field Shop\.draftOrders is deprecated/),
    ]);
  });

  it("names the generated types a version changes", () => {
    const consent = {
      source:
        "#graphql\nmutation Create($input: CustomerInput!) { customerCreate(input: $input) { customer { id } } }",
      location: "example.ts:1",
    };
    // 2026-07 adds whatsAppMarketingConsent to CustomerInput.
    expect(versionReport([consent], "2025-10", "2026-07").changedTypes).toContain("CustomerInput");
  });
});

describe("nextAdminVersion", () => {
  it("is the next quarterly release", () => {
    expect(nextAdminVersion("2025-10")).toBe("2026-01");
    expect(nextAdminVersion("2026-01")).toBe("2026-04");
    expect(nextAdminVersion("2026-07")).toBe("2026-10");
  });
});
