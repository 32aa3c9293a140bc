import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";

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
    expect(topics.sort()).toEqual(["app/scopes_update", "app/uninstalled", "orders/create"]);
    expect(compliance.sort()).toEqual(["customers/data_request", "customers/redact", "shop/redact"]);
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
