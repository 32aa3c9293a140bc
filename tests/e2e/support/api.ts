import { type APIRequestContext, type APIResponse, request } from "@playwright/test";
import { appProxyUrl } from "../../support/builders/app-proxy";
import type { E2EServer } from "./servers";

/**
 * The app's JSON API, signed in as one user: what specs use to create what they need (stores, popup
 * settings, subscribers) without going through screens that other specs test.
 * Mutations carry an Origin header equal to the server's origin (the app refuses cross-site writes).
 */
export type AppApi = {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, data?: unknown): Promise<T>;
  put<T>(path: string, data: unknown): Promise<T>;
  delete(path: string): Promise<void>;
  dispose(): Promise<void>;
};

export type Store = { id: string; name: string; shopifyUrl: string | null; customDomain: string | null };

/** A short suffix that keeps names and emails of one run (and of parallel workers) apart. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function body<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through POST /api/auth/login and returns an API client holding that session. */
export async function apiAs(server: E2EServer, email: string, password: string): Promise<AppApi> {
  const anonymous = await request.newContext({ baseURL: server.baseURL });
  const login = await anonymous.post("/api/auth/login", {
    data: { email, password },
    headers: { Origin: server.baseURL },
  });
  await body(login, `POST /api/auth/login as ${email}`);
  // The session cookie is Secure; it is passed explicitly rather than trusting a cookie jar with http://.
  const cookie = (
    login.headersArray().find((header) => header.name.toLowerCase() === "set-cookie")?.value ?? ""
  )
    .split(";")[0]
    ?.trim();
  await anonymous.dispose();
  if (!cookie) throw new Error(`no session cookie after signing in as ${email}`);
  const context: APIRequestContext = await request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Origin: server.baseURL, Cookie: cookie },
  });
  return {
    get: async (path) => body(await context.get(path), `GET ${path}`),
    post: async (path, data) => body(await context.post(path, { data: data ?? {} }), `POST ${path}`),
    put: async (path, data) => body(await context.put(path, { data }), `PUT ${path}`),
    delete: async (path) => {
      await body(await context.delete(path), `DELETE ${path}`);
    },
    dispose: () => context.dispose(),
  };
}

/** Creates a store (a typical site unless the input says otherwise) and returns it. */
export function createStore(
  api: AppApi,
  input: { name: string; shopifyUrl: string; integrationType?: "typical" | "shopify" },
): Promise<Store> {
  return api.post<Store>("/api/stores", input);
}

/**
 * Makes sure the user's organization has a store, so its screens use the main layout (a user without
 * stores is sent to /onboarding). Adds "E2E Default Store" only when there is none.
 */
export async function ensureStore(
  server: E2EServer,
  user: { email: string; password: string },
): Promise<Store> {
  const api = await apiAs(server, user.email, user.password);
  try {
    const [first] = await api.get<Store[]>("/api/stores");
    return (
      first ??
      (await createStore(api, { name: "E2E Default Store", shopifyUrl: "https://default.example.com" }))
    );
  } finally {
    await api.dispose();
  }
}

/**
 * Changes a store's popup (PUT sends only the changed fields) and publishes the change, as a merchant
 * presses Publish: what a spec's storefront then shows.
 */
export async function updatePopup(
  api: AppApi,
  storeId: string,
  changes: Record<string, unknown>,
): Promise<unknown> {
  const saved = await api.put<{ id: string }>(`/api/stores/${storeId}/popup`, changes);
  return api.put(`/api/stores/${storeId}/popups/${saved.id}/publish`, {});
}

/** Subscribes through the storefront endpoint, as the popup does; returns the code the answer carries, if any. */
export async function subscribe(
  server: E2EServer,
  storeId: string,
  email: string,
): Promise<string | undefined> {
  const context = await request.newContext({ baseURL: server.baseURL });
  try {
    const answer = await body<{ discountCode?: string }>(
      await context.post(`/api/public/stores/${storeId}/subscribe`, { data: { email } }),
      `subscribe ${email}`,
    );
    return answer.discountCode;
  } finally {
    await context.dispose();
  }
}

/**
 * Subscribes an address to an installed shop's store as its storefront does: through the shop's App Proxy,
 * signed as Shopify signs it (no bot check solved, so the subscriber is asked to confirm).
 */
export async function subscribeThroughAppProxy(
  server: E2EServer,
  shop: string,
  email: string,
): Promise<void> {
  const context = await request.newContext({ baseURL: server.baseURL });
  try {
    await body(await context.post(appProxyUrl("subscribe", shop), { data: { email } }), `subscribe ${email}`);
  } finally {
    await context.dispose();
  }
}

/** Counts `count` popup views for a store, as the storefront script's beacon does. */
export async function recordViews(server: E2EServer, storeId: string, count: number): Promise<void> {
  const context = await request.newContext({ baseURL: server.baseURL });
  try {
    for (let view = 0; view < count; view += 1) {
      await body(
        await context.post(`/api/public/stores/${storeId}/impressions`, { data: {} }),
        `impression for ${storeId}`,
      );
    }
  } finally {
    await context.dispose();
  }
}
