import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";

type Subscription = { topics?: string[]; include_fields?: string[]; filter?: string };

const APP_TOML = path.resolve(import.meta.dirname, "../../../shopify.app.toml");
const subscriptions = (
  parse(fs.readFileSync(APP_TOML, "utf8")) as { webhooks: { subscriptions: Subscription[] } }
).webhooks.subscriptions;

/** The app's subscription to a topic in shopify.app.toml (its include_fields and filter), if any. */
export function subscriptionTo(topic: string): Subscription | undefined {
  return subscriptions.find((subscription) => subscription.topics?.includes(topic));
}

/**
 * The fields of `value` that dotted paths name ("id", "discount_codes.code"), as Shopify trims a payload
 * to a subscription's include_fields: a path through an array keeps that field of each element.
 */
export function pickFields(value: unknown, paths: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => pickFields(item, paths));
  if (typeof value !== "object" || value === null) return value;
  const picked: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key of new Set(paths.map((field) => field.split(".")[0] ?? ""))) {
    if (!(key in source)) continue;
    const nested = paths
      .filter((field) => field.startsWith(`${key}.`))
      .map((field) => field.slice(key.length + 1));
    picked[key] = nested.length > 0 && !paths.includes(key) ? pickFields(source[key], nested) : source[key];
  }
  return picked;
}

/** A topic's payload as Shopify delivers it to the app: trimmed to the subscription's include_fields. */
export function deliveredPayload(topic: string, payload: unknown): unknown {
  const fields = subscriptionTo(topic)?.include_fields;
  return fields ? pickFields(payload, fields) : payload;
}
