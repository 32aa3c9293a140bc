import { z } from "zod";
import type { SocialNetwork } from "../../../popup/config";
import { DEFAULT_AUDIENCE, type ShopAudience, shopAudiences } from "../shop-audience";
import type { WelcomeEmailSender } from "./consent-sync";
import { CUSTOM_APP_TOKENS_RETIRED } from "./shopify";

export const integrationTypes = ["typical", "shopify"] as const;
export type IntegrationType = (typeof integrationTypes)[number];

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
export const SHOPIFY_DOMAIN_SUFFIX = ".myshopify.com";
/** Icons are kept as data URLs; 200 KB is plenty for a 192×192 image. */
export const MAX_ICON_BYTES = 200 * 1024;
export const ICON_TOO_LARGE = "The icon must be smaller than 200 KB";
export const ICON_NOT_IMAGE = "The icon must be a PNG, JPEG, GIF or WebP image";

/** SPEC §5: the store-name input keeps letters, digits and hyphens only. */
export function cleanStoreName(value: string): string {
  return value.replace(/[^a-zA-Z0-9-]/g, "");
}

export function shopifyDomainUrl(storeName: string): string {
  return `https://${cleanStoreName(storeName).toLowerCase()}${SHOPIFY_DOMAIN_SUFFIX}`;
}

/** SPEC §5: a missing protocol is completed (https unless the site is not fully HTTPS), a trailing slash removed. */
export function normalizeSiteUrl(value: string, httpsOnly = true): string {
  const trimmed = value.trim();
  if (!trimmed) return "";
  const withProtocol = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : `${httpsOnly ? "https" : "http"}://${trimmed}`;
  return withProtocol.replace(/\/+$/, "");
}

export type SiteDraft = {
  name: string;
  integrationType: IntegrationType;
  shopifyMode: "store-name" | "custom-domain";
  shopifyStoreName: string;
  customDomain: string;
  siteUrl: string;
  httpsOnly: boolean;
  icon: string | null;
  /** Unset until chosen: consumers (DEFAULT_AUDIENCE). */
  audience?: ShopAudience;
};

export const emptySiteDraft: SiteDraft = {
  name: "",
  integrationType: "typical",
  shopifyMode: "store-name",
  shopifyStoreName: "",
  customDomain: "",
  siteUrl: "",
  httpsOnly: true,
  icon: null,
};

/** SPEC §5 step-1 rule: a name, a type and the site address its mode needs. */
export function isSiteDraftComplete(draft: SiteDraft): boolean {
  if (!draft.name.trim()) return false;
  if (draft.integrationType === "typical") return Boolean(draft.siteUrl.trim());
  return Boolean(
    draft.shopifyMode === "store-name" ? cleanStoreName(draft.shopifyStoreName) : draft.customDomain.trim(),
  );
}

/** The creation payload (SPEC §3) a complete draft becomes. */
export function storePayload(draft: SiteDraft): CreateStoreInput {
  const base = {
    name: draft.name.trim(),
    integrationType: draft.integrationType,
    icon: draft.icon ?? undefined,
    audience: draft.audience ?? DEFAULT_AUDIENCE,
  };
  if (draft.integrationType === "typical") {
    return { ...base, shopifyUrl: normalizeSiteUrl(draft.siteUrl, draft.httpsOnly) };
  }
  if (draft.shopifyMode === "store-name") {
    const storeName = cleanStoreName(draft.shopifyStoreName).toLowerCase();
    return {
      ...base,
      shopifyUrl: shopifyDomainUrl(storeName),
      shopifyStoreName: storeName,
    };
  }
  const domain = normalizeSiteUrl(draft.customDomain, draft.httpsOnly);
  return { ...base, shopifyUrl: domain, customDomain: domain };
}

const httpUrl = z
  .string()
  .trim()
  .max(2048, "The URL is too long")
  .pipe(z.url({ protocol: /^https?$/, error: "Enter a full site URL, e.g. https://example.com" }));

/** A site's host: a domain name (a dot and a top-level name), localhost or an IP address; "notaurl" is none. */
function isSiteHost(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    if (host === "localhost" || host.startsWith("[")) return true;
    const labels = host.split(".");
    return (
      labels.length >= 2 && labels.every((label) => /^[a-z0-9-]+$/.test(label)) && Boolean(labels.at(-1))
    );
  } catch {
    return false;
  }
}

const SITE_URL_MESSAGE = "Enter a full site URL, e.g. https://example.com";

/** A store's site address: a full http(s) URL whose host could be a site. */
const siteUrl = httpUrl.refine(isSiteHost, SITE_URL_MESSAGE);

export const PRIVACY_POLICY_URL_MESSAGE =
  "Enter the full address of your privacy policy, e.g. https://example.com/privacy";

/** The page the popup's consent sentence links to: a full http(s) address on a site, or "" for none. */
const privacyPolicyUrl = z
  .string({ error: PRIVACY_POLICY_URL_MESSAGE })
  .trim()
  .max(2048, "The URL is too long")
  .refine((url) => url === "" || (/^https?:\/\//i.test(url) && isSiteHost(url)), PRIVACY_POLICY_URL_MESSAGE);

/** The lowercase host of a URL, or null when it is none. */
export function siteHost(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Every address a Shopify store is known by: its site, its custom domain and its shop's myshopify.com domain. */
export function shopHostsOf(store: {
  shopifyUrl: string | null;
  customDomain: string | null;
  shopifyDomain?: string | null;
}): string[] {
  const hosts = [
    siteHost(store.shopifyUrl),
    siteHost(store.customDomain),
    store.shopifyDomain?.toLowerCase(),
  ];
  return [...new Set(hosts.filter((host): host is string => Boolean(host)))];
}

/** A Shopify store of the organization, by name and the addresses no other store may take. */
export type TakenShop = { name: string; hosts: string[] };

/** The refusal of a second store for a shop the organization already has. */
export function shopAlreadyAdded(host: string, storeName: string): string {
  return `${host} is already added as the store "${storeName}"`;
}

const iconDataUrl = z
  .string()
  .max(Math.ceil((MAX_ICON_BYTES * 4) / 3) + 64, ICON_TOO_LARGE)
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/, ICON_NOT_IMAGE);

export const createStoreSchema = z.object({
  name: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(120, "The site name is too long"),
  integrationType: z.enum(integrationTypes).default("typical"),
  shopifyUrl: siteUrl,
  shopifyStoreName: z
    .string()
    .trim()
    .max(100, "The store name is too long")
    .regex(/^[a-zA-Z0-9-]*$/, "The store name may only contain letters, digits and hyphens")
    .optional(),
  customDomain: siteUrl.optional(),
  // A new store has no custom app token to keep: it is connected with Connect with Shopify.
  shopifyAccessToken: z.undefined({ error: CUSTOM_APP_TOKENS_RETIRED }).optional(),
  icon: iconDataUrl.optional(),
  /** Who the site sells to: sets the addresses its first popup accepts (DEFAULT_AUDIENCE when left out). */
  audience: z.enum(shopAudiences).optional(),
});

export type CreateStoreInput = z.input<typeof createStoreSchema>;

/**
 * A social link as typed ("instagram.com/acme") completed to a full URL ("https://instagram.com/acme"); a
 * value that names a scheme is left as it is, so `javascript:` is still refused by the URL check.
 */
export function completeLinkUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, "")}`;
}

const socialUrl = z.preprocess(
  (value) => (typeof value === "string" ? completeLinkUrl(value) : value),
  z.union([z.literal(""), httpUrl]),
);

export const socialLinksSchema = z.object({
  linkedin: socialUrl,
  twitter: socialUrl,
  youtube: socialUrl,
  instagram: socialUrl,
  facebook: socialUrl,
  reddit: socialUrl,
  quora: socialUrl,
});

export const CURRENCY_MESSAGE = "Currency must be a three-letter ISO 4217 code, e.g. EUR";

/** The store's currency (offers' amounts and minimums): a code Intl knows, kept upper case. */
const currency = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .toUpperCase()
  .refine((code) => Intl.supportedValuesOf("currency").includes(code), CURRENCY_MESSAGE);

export const updateStoreSchema = z
  .object({
    name: createStoreSchema.shape.name,
    shopifyUrl: siteUrl,
    customDomain: z.union([z.literal(""), siteUrl]),
    /** "" removes it: a Shopify shop's own policy page is linked then, otherwise none. */
    privacyPolicyUrl,
    /** A Shopify shop's is set from Shopify (docs/decisions/181); a standalone store sets its own here. */
    currency,
    socialLinks: socialLinksSchema.partial(),
  })
  .partial()
  .strict();

/**
 * A store as the API and the screens receive it (services/stores presentStore): named fields only, the
 * access token masked (first 4 + last 4).
 */
export type StoreView = {
  id: string;
  userId: string;
  name: string;
  integrationType: IntegrationType;
  icon: string | null;
  shopifyUrl: string | null;
  shopifyStoreName: string | null;
  customDomain: string | null;
  shopifyAccessToken: string | null;
  isConnected: boolean;
  /** When Shopify refused the store's token (Not Connected until the shop reconnects); null otherwise. */
  shopifyRefusedAt: Date | null;
  shopifyDomain: string | null;
  consentSyncEnabled: boolean;
  welcomeEmailSender: WelcomeEmailSender;
  /** The merchant's own setting ("" or null: the default, privacyPolicyUrlOf). */
  privacyPolicyUrl: string | null;
  /** ISO 4217: offers' amounts and minimum subtotals are in it. */
  currency: string;
  isVerified: boolean;
  activeScriptVersion: string | null;
  activeScriptTimestamp: Date | null;
  verificationCheckedAt: Date | null;
  verificationMessage: string | null;
  socialLinks: Record<SocialNetwork, string>;
  createdAt: Date;
  updatedAt: Date;
};

/** A store on Store Management (GET /api/stores): with its subscriber count and conversion rate (%). */
export type StoreListItem = StoreView & { subscriberCount: number; conversionRate: string };

/** GET /api/stores/:id/integration-script: the install script of the store's current version. */
export type IntegrationScript = {
  script: string;
  activeScriptVersion: string | null;
  activeScriptTimestamp: Date | null;
};

/** Whether the store's site carries its script, as last checked (checkedAt null: never checked). */
export type InstallationStatus = { installed: boolean; message: string; checkedAt: Date | null };
