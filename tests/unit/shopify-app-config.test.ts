import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { webhookPayloads } from "~/lib/schemas/webhooks";
import routes from "~/routes";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { pickFields, subscriptionTo } from "../support/builders/webhook-payloads";

const ROOT = path.resolve(import.meta.dirname, "../..");
const appToml = fs.readFileSync(path.join(ROOT, "shopify.app.toml"), "utf8");
const embedBlock = fs.readFileSync(
  path.join(ROOT, "extensions/newsletter-popup/blocks/app-embed.liquid"),
  "utf8",
);

type Subscription = { topics?: string[]; compliance_topics?: string[]; uri: string };
type AppConfig = {
  embedded: boolean;
  build: Record<string, unknown>;
  access_scopes: { scopes: string; optional_scopes: string[] };
  webhooks: { api_version: string; subscriptions: Subscription[] };
  app_proxy: { url: string; prefix: string; subpath: string };
};

/** Every route of app/routes.ts with its URL path and file, nested routes flattened. */
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
function flatten(entries: RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}
const declaredRoutes = flatten(routes as RouteEntry[]);

/** The "# Handled by: FILE" comment written just above each [[webhooks.subscriptions]] entry, by uri. */
function handledByComments(): Map<string, string> {
  const handlers = new Map<string, string>();
  let comment: string | undefined;
  let entry: string | undefined;
  for (const line of appToml.split("\n").map((text) => text.trim())) {
    const handledBy = /^# Handled by: (\S+)$/.exec(line)?.[1];
    const uri = /^uri = "([^"]+)"$/.exec(line)?.[1];
    if (handledBy) {
      comment = handledBy;
    } else if (line === "[[webhooks.subscriptions]]") {
      entry = comment;
      comment = undefined;
    } else if (uri && entry) {
      handlers.set(uri, entry);
      entry = undefined;
    }
  }
  return handlers;
}

describe("shopify.app.toml", () => {
  const config = parse(appToml) as unknown as AppConfig;
  const subscriptions = config.webhooks.subscriptions;

  it("parses, is embedded, asks for the scopes the app uses and pins the webhooks API version", () => {
    expect(config.embedded).toBe(true);
    expect(config.access_scopes.scopes.split(",").sort()).toEqual([
      "read_orders",
      "write_app_proxy",
      "write_discounts",
    ]);
    // Consent sync is opt-in: its scope is asked for when the merchant turns it on.
    expect(config.access_scopes.optional_scopes).toEqual(["write_customers"]);
    expect(config.webhooks.api_version).toBe(SHOPIFY_API_VERSION);
  });

  it("asks for no read scope that a write scope already grants", () => {
    const { scopes, optional_scopes } = config.access_scopes;
    const all = [...scopes.split(","), ...optional_scopes];
    const implied = all.filter(
      (scope) => scope.startsWith("read_") && all.includes(scope.replace("read_", "write_")),
    );
    expect(implied).toEqual([]);
  });

  it("proxies /apps/newsletter-popup on the shop to /proxy, where the app embed's calls are answered", () => {
    expect(config.app_proxy).toEqual({ url: "/proxy", prefix: "apps", subpath: "newsletter-popup" });
    expect(embedBlock).toContain('data-api="/apps/newsletter-popup"');
  });

  it("keeps no setting the Shopify CLI has removed", () => {
    expect(config.build).not.toHaveProperty("include_config_on_deploy");
  });

  it("subscribes to the lifecycle and order topics and the three compliance topics", () => {
    const topics = subscriptions.flatMap((entry) => entry.topics ?? []);
    const compliance = subscriptions.flatMap((entry) => entry.compliance_topics ?? []);
    expect(topics.sort()).toEqual([
      "app/scopes_update",
      "app/uninstalled",
      "checkouts/create",
      "checkouts/update",
      "orders/create",
    ]);
    expect(compliance.sort()).toEqual(["customers/data_request", "customers/redact", "shop/redact"]);
  });

  describe("orders/create", () => {
    const subscription = subscriptionTo("orders/create");
    const fields = subscription?.include_fields ?? [];
    /** An order as Shopify's whole payload has it, buyer details included. */
    const wholeOrder = {
      id: 6104829573,
      admin_graphql_api_id: "gid://shopify/Order/6104829573",
      name: "#1042",
      created_at: "2026-11-20T14:03:07+01:00",
      currency: "EUR",
      presentment_currency: "USD",
      total_price: "84.15",
      email: "buyer@example.com",
      customer: { id: 7301846259, email: "buyer@example.com", first_name: "Ada" },
      discount_codes: [{ code: "WELCOME15-QDL7K2", amount: "14.85", type: "percentage" }],
      checkout_token: "4a5f0d2b9c8e7f6a1b2c3d4e5f6a7b8c",
      line_items: [{ id: 1, title: "Lamp", price: "99.00" }],
    };
    const read = (payload: unknown) => webhookPayloads.orderCreate.parse(payload);

    it("delivers only orders that used a discount code or completed a checkout, the only ones the handler has work for", () => {
      expect(subscription?.filter).toBe("discount_codes.code:* OR checkout_token:*");
      expect(read({ ...wholeOrder, discount_codes: [] })).toMatchObject({ discount_codes: [] });
    });

    it("includes only the fields the handler reads: the trimmed order reads as the whole one", () => {
      const trimmed = pickFields(wholeOrder, fields);
      expect(trimmed).toEqual({
        id: wholeOrder.id,
        created_at: wholeOrder.created_at,
        currency: "EUR",
        total_price: "84.15",
        discount_codes: [{ code: "WELCOME15-QDL7K2" }],
        checkout_token: wholeOrder.checkout_token,
      });
      expect(read(trimmed)).toEqual(read(wholeOrder));
      expect(read(trimmed).order).not.toBeNull();
    });

    it("includes no field the handler could do without", () => {
      for (const field of fields) {
        const without = pickFields(
          wholeOrder,
          fields.filter((other) => other !== field),
        );
        expect(read(without), `${field} is included but never read`).not.toEqual(read(wholeOrder));
      }
    });
  });

  it("has a route in app/routes.ts for every webhook uri, in the file its '# Handled by' comment names", () => {
    const handlers = handledByComments();
    expect(handlers.size).toBe(subscriptions.length);
    for (const { uri } of subscriptions) {
      const handler = handlers.get(uri);
      expect(handler, `no "# Handled by" comment for ${uri}`).toBeDefined();
      expect(fs.existsSync(path.join(ROOT, handler ?? "")), `${handler} is missing`).toBe(true);
      const route = declaredRoutes.find((entry) => `/${entry.path}` === uri);
      expect(route, `no route for ${uri} in app/routes.ts`).toBeDefined();
      expect(`app/${route?.file}`).toBe(handler);
      // The file name matches the URI: /webhooks/orders/create → webhooks.orders.create.ts
      expect(path.basename(handler ?? "")).toBe(`${uri.slice(1).replaceAll("/", ".")}.ts`);
    }
  });
});

describe("shopify.web.toml", () => {
  it("runs this app as frontend and backend with the project's dev and build scripts", () => {
    const web = parse(fs.readFileSync(path.join(ROOT, "shopify.web.toml"), "utf8")) as {
      roles: string[];
      commands: { dev: string; build: string };
    };
    expect(web.roles.sort()).toEqual(["backend", "frontend"]);
    expect(web.commands).toEqual({ dev: "npm run dev", build: "npm run build" });
  });
});
