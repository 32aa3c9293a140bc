import { APP_FETCH_HEADER } from "~/lib/api-client";

/**
 * A small HTTP client for one user, calling as the app's fetch client does: a cookie jar, JSON in and out,
 * same-origin Origin on mutations, the app's own request header.
 */
export type HttpResponse<T = unknown> = {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, otherwise the text. */
  body: T;
  text: string;
};

type RequestOptions = {
  /** Extra headers; `null` removes a default one (e.g. `{ Origin: null }`). */
  headers?: Record<string, string | null>;
  /** A raw body sent as is (malformed JSON, forms); otherwise `json` is serialized. */
  body?: string | URLSearchParams | Uint8Array;
};

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export class HttpClient {
  /** Cookie name → value, as a browser on this origin would keep them. */
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    json?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const headers: Record<string, string | null> = {
      Accept: "application/json",
      [APP_FETCH_HEADER.name]: APP_FETCH_HEADER.value,
    };
    if (MUTATING.has(method)) headers.Origin = new URL(this.baseUrl).origin;
    if (options.body === undefined && json !== undefined) headers["Content-Type"] = "application/json";
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    Object.assign(headers, options.headers);
    const sent = new Headers();
    for (const [name, value] of Object.entries(headers)) if (value !== null) sent.set(name, value);

    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: sent,
      body: (options.body as BodyInit | undefined) ?? (json === undefined ? undefined : JSON.stringify(json)),
      redirect: "manual",
    });
    this.storeCookies(response.headers);
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
    const body = (isJson && text ? JSON.parse(text) : text) as T;
    return { status: response.status, headers: response.headers, body, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, undefined, options);
  }

  post<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", path, json, options);
  }

  put<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>("PUT", path, json, options);
  }

  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>("DELETE", path, undefined, options);
  }

  /** Signs in through POST /api/auth/login; throws unless it succeeds. */
  async login(email: string, password: string) {
    const response = await this.post<{ email: string; role: string; permissions: Record<string, boolean> }>(
      "/api/auth/login",
      { email, password },
    );
    if (response.status !== 200) {
      throw new Error(`Login as ${email} failed: ${response.status} ${response.text}`);
    }
    return response.body;
  }

  /** The session cookie's value (np_session, signed), if any. */
  get sessionToken(): string | undefined {
    return this.cookies.get("np_session");
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Parses one Set-Cookie line into its name, value and attributes (lower-cased names). */
export function parseSetCookie(line: string) {
  const [pair = "", ...rest] = line.split(";");
  const separator = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const [key = "", ...value] = attribute.trim().split("=");
    attributes.set(key.toLowerCase(), value.join("="));
  }
  return { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim(), attributes };
}
