import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

/**
 * Without them a production server would start and fail later: every login (the keys), every link in an email
 * and the CSRF origin check (APP_URL). Development generates the keys and defaults APP_URL to localhost.
 */
const REQUIRED_IN_PRODUCTION = ["SESSION_SECRET", "ENCRYPTION_KEY", "APP_URL"] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: optionalUrl,
    /** Express "trust proxy" value (for example 1) when the app runs behind a reverse proxy. */
    TRUST_PROXY: z.string().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl,
    /** PostgreSQL connections per process, and how long a request waits for one before answering 503. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
    DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(1).default(5_000),
    /**
     * PostgreSQL connections per process for bulk work (exports, imports, campaign audiences, retention), apart
     * from the pool above so that screens, the API and the storefront never wait behind it (docs/decisions/206).
     */
    DATABASE_BULK_POOL_SIZE: z.coerce.number().int().min(1).default(2),
    /** How long a piece of bulk work waits for its turn on those connections before answering 503. */
    BULK_WAIT_MS: z.coerce.number().int().min(1).default(120_000),
    /** A subscriber export whose client has taken nothing for this long is cut off. */
    EXPORT_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
    REDIS_URL: optionalUrl,
    /** Prefix of every Redis key (queues, rate limits), so several apps or test runs can share one Redis. */
    REDIS_PREFIX: z.string().min(1).default("np"),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, "ENCRYPTION_KEY must be 64 hex characters (32 bytes)")
      .optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default("Newsletter Popup <no-reply@localhost>"),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
    ADMIN_ORGANIZATION: z.string().min(1).default("My Organization"),
    ALLOW_SIGNUP: booleanFlag,
    /** true lets merchant-supplied hosts (SMTP, site verification) be private or loopback addresses: tests only. */
    ALLOW_PRIVATE_NETWORK_TARGETS: booleanFlag,
    /**
     * Tests only: an origin (http://127.0.0.1:PORT) trusted like Amazon SNS's hosts for signing certificates and
     * subscription confirmations, so the suite can sign SNS messages with a key of its own.
     */
    SNS_TRUSTED_TEST_ORIGIN: optionalUrl.transform((value) => (value ? new URL(value).origin : undefined)),
    /** Bounce and complaint webhook requests per minute from one client address. */
    EMAIL_EVENTS_LIMIT_PER_IP: z.coerce.number().int().positive().default(600),
    /** Storefront limits per minute (raise them for load tests). */
    SUBSCRIBE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
    SUBSCRIBE_LIMIT_PER_STORE: z.coerce.number().int().positive().default(1_200),
    IMPRESSION_LIMIT_PER_IP: z.coerce.number().int().positive().default(120),
    /** Popup views counted per client address (an IPv6 /64), store and UTC day; more are not counted. */
    IMPRESSIONS_COUNTED_PER_IP_PER_DAY: z.coerce.number().int().positive().default(50),
    /** A/B impressions (distinct visitors) counted per client address (an IPv6 /64), popup and UTC day. */
    AB_IMPRESSIONS_COUNTED_PER_IP_PER_DAY: z.coerce.number().int().positive().default(10),
    /**
     * How long a subscription waits for Shopify to create the subscriber's own code before answering with the
     * popup's (the code then follows by email). Tests raise it so that a loaded machine cannot lose the race.
     */
    UNIQUE_CODE_WAIT_MS: z.coerce.number().int().min(0).default(2_500),
    /** How long a worker owns an email send before another may take it over (seconds). */
    EMAIL_SEND_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
    /**
     * How long a worker's claim on a job lasts without renewal (seconds; renewed at half of it while the job
     * runs): a killed worker's jobs go to another this much later. Unset: each queue's own (jobs/queues/).
     */
    JOB_LOCK_SECONDS: z.coerce.number().int().min(2).optional(),
    /** DNS servers for the sending-domain check (comma-separated `host[:port]`); unset: the system's. */
    DNS_SERVERS: z
      .string()
      .optional()
      .transform((value) =>
        value
          ?.split(",")
          .map((server) => server.trim())
          .filter(Boolean),
      ),
    /** A campaign message that failed for now is tried again after this, doubling each time (seconds). */
    CAMPAIGN_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
    /** How long a client may take to send a request's headers, its whole request, and idle between requests. */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(20_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(120_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(65_000),
    SESSION_TTL_MINUTES: z.coerce.number().positive().default(1440),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Append the log to this file instead of writing it to standard output. */
    LOG_FILE: z.string().min(1).optional(),
    SHOPIFY_API_KEY: z.string().optional(),
    SHOPIFY_API_SECRET: z.string().optional(),
    SCOPES: z.string().optional(),
    SHOPIFY_APP_URL: optionalUrl,
    /**
     * Where Connect with Shopify sends a merchant to install the app: its Shopify App Store listing or the
     * install link of the Dev Dashboard. Default: Shopify's install link for the app's client id.
     */
    SHOPIFY_INSTALL_URL: optionalUrl,
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    path: ["ADMIN_PASSWORD"],
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, {
    message:
      "HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)",
    path: ["HTTP_HEADERS_TIMEOUT_MS"],
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV !== "production") return;
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!env[name])
        context.addIssue({ code: "custom", path: [name], message: `${name} is required in production` });
    }
    if (env.APP_URL && !servesHttps(env.APP_URL))
      context.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message:
          "APP_URL must start with https:// in production: the one-click unsubscribe link in every email needs HTTPS (RFC 8058). Only localhost may use http://",
      });
    if (env.SNS_TRUSTED_TEST_ORIGIN && !isLoopback(new URL(env.SNS_TRUSTED_TEST_ORIGIN).hostname))
      context.addIssue({
        code: "custom",
        path: ["SNS_TRUSTED_TEST_ORIGIN"],
        message:
          "SNS_TRUSTED_TEST_ORIGIN is for tests: in production it may only name this machine (localhost), never another host trusted like Amazon SNS",
      });
  });

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An https:// origin, or plain http on this machine's loopback (a local production start, the tests). */
function servesHttps(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || isLoopback(hostname);
}

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.startsWith("127.");
}

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

let cached: Env | undefined;

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  cached = { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` };
  return cached;
}

export function isProduction(): boolean {
  return env().NODE_ENV === "production";
}
