import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePasswordResetLink } from "~/services/access/auth.server";
import { createStoreFor } from "../support/builders/actors";
import { createMember, createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { HttpClient, type HttpResponse, parseSetCookie } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { TEST_REDIS_URL } from "../support/infra/services";
import { eventually } from "../support/infra/wait";
import { printSummary } from "../support/matrices/summary";

const TOO_MANY_LOGINS = { message: "Too many failed login attempts. Please try again in 15 minutes." };
const ACCOUNT_LOCKED = {
  message:
    "Too many failed login attempts on this account. Sign in from a browser you have used before, reset your password, or try again in 15 minutes.",
};
let org: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  org = await createOrganizationWithAdmin();
});

/**
 * TRUST_PROXY lets each test speak from its own client address (X-Forwarded-For); a new browser (no
 * cookies) unless one is given, which then keeps the cookies it is sent.
 */
function attempt(
  app: AppServer,
  ip: string,
  email: string,
  password: string,
  browser = new HttpClient(app.url),
) {
  return browser.post("/api/auth/login", { email, password }, { headers: { "X-Forwarded-For": ip } });
}

function expectRetryAfter(response: HttpResponse) {
  const seconds = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
}

describe("in-memory counters (no REDIS_URL)", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("locks an account after 10 failed logins, even with the right password, with Retry-After", async () => {
    const { email, password } = await createMember(org.organization.id);
    for (let failure = 1; failure <= 10; failure += 1) {
      expect((await attempt(app, "10.0.1.1", email, "wrong password")).status).toBe(401);
    }
    const locked = await attempt(app, "10.0.1.1", email, password);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject(ACCOUNT_LOCKED);
    expectRetryAfter(locked);
    expect(locked.headers.getSetCookie()).toEqual([]);

    // Per account: from another address it stays locked; other accounts are not affected.
    expect((await attempt(app, "10.0.1.2", email, password)).status).toBe(429);
    expect((await attempt(app, "10.0.1.1", org.email, org.password)).status).toBe(200);
  });

  it("forgets an account's failures after a successful login", async () => {
    const { email, password } = await createMember(org.organization.id);
    for (let failure = 1; failure <= 9; failure += 1) {
      expect((await attempt(app, "10.0.2.1", email, "wrong password")).status).toBe(401);
    }
    expect((await attempt(app, "10.0.2.1", email, password)).status).toBe(200);
    for (let failure = 1; failure <= 9; failure += 1) {
      expect((await attempt(app, "10.0.2.1", email, "wrong password")).status).toBe(401);
    }
    expect((await attempt(app, "10.0.2.1", email, password)).status).toBe(200);
  });

  it("blocks an address after 30 failed logins across accounts", async () => {
    const { email, password } = await createMember(org.organization.id);
    for (let failure = 1; failure <= 30; failure += 1) {
      const response = await attempt(app, "10.0.3.1", uniqueEmail(`guess${failure}`), "guess");
      expect(response.status).toBe(401);
    }
    const blocked = await attempt(app, "10.0.3.1", email, password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject(TOO_MANY_LOGINS);
    expectRetryAfter(blocked);
    expect((await attempt(app, "10.0.3.2", email, password)).status).toBe(200);
  });

  it("does not block an address for many failures on a few accounts", async () => {
    const { email, password } = await createMember(org.organization.id);
    const typoed = await Promise.all([1, 2, 3, 4].map(() => createMember(org.organization.id)));
    for (const account of typoed) {
      for (let failure = 1; failure <= 10; failure += 1) {
        expect((await attempt(app, "10.0.7.1", account.email, "wrong password")).status).toBe(401);
      }
    }
    // 40 failures from one address, on 4 accounts: those accounts are locked, everyone else signs in.
    expect((await attempt(app, "10.0.7.1", typoed[0]?.email ?? "", "wrong password")).status).toBe(429);
    expect((await attempt(app, "10.0.7.1", email, password)).status).toBe(200);
  });

  it("blocks an IPv6 /64 after 30 failed logins across accounts, whichever of its addresses they came from", async () => {
    const { email, password } = await createMember(org.organization.id);
    for (let failure = 1; failure <= 30; failure += 1) {
      const response = await attempt(
        app,
        `2001:db8:7:1::${failure.toString(16)}`,
        uniqueEmail("spray"),
        "guess",
      );
      expect(response.status).toBe(401);
    }
    const blocked = await attempt(app, "2001:db8:7:1:ffff::1", email, password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject(TOO_MANY_LOGINS);
    expect((await attempt(app, "2001:db8:7:2::1", email, password)).status).toBe(200);
  });

  it("limits forgot-password to 3 per email and 10 per address in 15 minutes", async () => {
    const forgot = (ip: string, email: string) =>
      new HttpClient(app.url).post(
        "/api/auth/forgot-password",
        { email },
        { headers: { "X-Forwarded-For": ip } },
      );

    const target = uniqueEmail("target");
    for (let request = 1; request <= 3; request += 1) {
      expect((await forgot(`10.0.4.${request}`, target)).status).toBe(200);
    }
    const perEmail = await forgot("10.0.4.9", target);
    expect(perEmail.status).toBe(429);
    expectRetryAfter(perEmail);

    for (let request = 1; request <= 10; request += 1) {
      expect((await forgot("10.0.5.1", uniqueEmail(`reset${request}`))).status).toBe(200);
    }
    const perAddress = await forgot("10.0.5.1", uniqueEmail("one-more"));
    expect(perAddress.status).toBe(429);
    expect(perAddress.body).toMatchObject({
      message: "Too many password reset requests. Please try again later.",
    });
    expect((await forgot("10.0.5.2", uniqueEmail("elsewhere"))).status).toBe(200);
  });
});

describe("an account locked by strangers (no REDIS_URL)", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const lockout = printSummary(
    ({ tried, passed }, n) =>
      `account lockout: ${n(tried)} sign-ins tried, ${n(passed)} answered as expected`,
  );
  /** One sign-in whose status (and message, for a 429) is the expected one; counted in the summary. */
  async function expectAnswer(
    answer: Promise<HttpResponse>,
    status: number,
    body?: { message: string },
  ): Promise<HttpResponse> {
    lockout.tried();
    const response = await answer;
    expect(response.status).toBe(status);
    if (body) expect(response.body).toMatchObject(body);
    if (status === 429) expectRetryAfter(response);
    lockout.passed();
    return response;
  }

  /** An attacker fails 12 times on the account, each time from another address and a new browser. */
  async function lockFromStrangers(email: string, network: string) {
    for (let failure = 1; failure <= 12; failure += 1) {
      const answer = attempt(app, `${network}.${failure}`, email, "a guessed password");
      await expectAnswer(answer, failure <= 10 ? 401 : 429, failure <= 10 ? undefined : ACCOUNT_LOCKED);
    }
  }

  it("still lets the owner in from a browser they signed in with before, from their usual address or another", async () => {
    const { email, password } = await createMember(org.organization.id);
    const laptop = new HttpClient(app.url);
    const first = await expectAnswer(attempt(app, "10.1.1.1", email, password, laptop), 200);
    const device = parseSetCookie(
      first.headers.getSetCookie().find((line) => line.startsWith("np_device=")) ?? "",
    );
    expect(device.attributes.has("httponly")).toBe(true);
    expect(device.attributes.get("samesite")).toBe("Strict");
    expect(device.attributes.get("path")).toBe("/api/auth");
    expect(device.attributes.get("max-age")).toBe(String(90 * 24 * 60 * 60));
    expect((await laptop.post("/api/auth/logout")).status).toBe(200);

    await lockFromStrangers(email, "10.1.2");
    // The right password from a browser that never signed in to the account is refused too.
    await expectAnswer(attempt(app, "10.1.3.1", email, password), 429, ACCOUNT_LOCKED);
    await expectAnswer(attempt(app, "10.1.1.1", email, password), 429, ACCOUNT_LOCKED);

    await expectAnswer(attempt(app, "10.1.1.1", email, password, laptop), 200);
    await expectAnswer(attempt(app, "10.1.4.1", email, password, laptop), 200);
    expect((await laptop.get("/api/auth/user")).status).toBe(200);
  });

  it("keeps the owner's own typos to their browser: 10 lock it, strangers' count is untouched", async () => {
    const { email, password } = await createMember(org.organization.id);
    const laptop = new HttpClient(app.url);
    await expectAnswer(attempt(app, "10.1.5.1", email, password, laptop), 200);
    for (let typo = 1; typo <= 10; typo += 1)
      await expectAnswer(attempt(app, "10.1.5.1", email, "a mistyped password", laptop), 401);
    await expectAnswer(attempt(app, "10.1.5.1", email, password, laptop), 429, TOO_MANY_LOGINS);
    await expectAnswer(attempt(app, "10.1.5.1", email, password), 200);
  });

  it("trusts no browser for an account it never signed in to: another account's, forged or garbled cookies", async () => {
    const victim = await createMember(org.organization.id);
    const attacker = await createMember(org.organization.id);
    const own = new HttpClient(app.url);
    await expectAnswer(attempt(app, "10.1.6.1", attacker.email, attacker.password, own), 200);
    const victimsBrowser = new HttpClient(app.url);
    await expectAnswer(attempt(app, "10.1.6.2", victim.email, victim.password, victimsBrowser), 200);
    await lockFromStrangers(victim.email, "10.1.7");

    const signed = victimsBrowser.cookies.get("np_device") ?? "";
    const unsigned = Buffer.from(
      JSON.stringify({ id: "a".repeat(22), userIds: [victim.member.id] }),
    ).toString("base64");
    const forged = [
      `np_device=${own.cookies.get("np_device")}`,
      `np_device=${signed.slice(0, -6)}AAAAAA`,
      `np_device=${encodeURIComponent(unsigned)}`,
      "np_device=%E0%A4%A",
      `np_device="${signed}`,
      `np_device=${"A".repeat(4096)}`,
    ];
    for (const cookie of forged) {
      const answer = new HttpClient(app.url).post(
        "/api/auth/login",
        { email: victim.email, password: victim.password },
        { headers: { "X-Forwarded-For": "10.1.6.3", Cookie: cookie } },
      );
      await expectAnswer(answer, 429, ACCOUNT_LOCKED);
    }
    await expectAnswer(attempt(app, "10.1.6.3", victim.email, victim.password, victimsBrowser), 200);
  });

  it("lets a browser that set the password through an emailed link sign in while strangers keep the lock", async () => {
    const { member, email } = await createMember(org.organization.id);
    await lockFromStrangers(email, "10.1.8");
    const link = await issuePasswordResetLink(member.id);
    const token = new URL(link?.link ?? "").searchParams.get("token");
    const phone = new HttpClient(app.url);
    const reset = await phone.post(
      "/api/auth/reset-password",
      { token, password: "a password set by link" },
      { headers: { "X-Forwarded-For": "10.1.9.1" } },
    );
    expect(reset.status).toBe(200);
    await expectAnswer(attempt(app, "10.1.9.1", email, "a password set by link", phone), 200);
    await expectAnswer(attempt(app, "10.1.9.2", email, "a password set by link"), 429, ACCOUNT_LOCKED);
  });
});

describe("Redis-backed counters (REDIS_URL set)", () => {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  afterAll(async () => {
    await redis.quit();
  });

  it("keeps the lock in Redis, shared by every app process", async () => {
    const { email, password } = await createMember(org.organization.id);
    const env = { TRUST_PROXY: "1", REDIS_URL: TEST_REDIS_URL };

    const first = await startApp({ env });
    try {
      for (let failure = 1; failure <= 10; failure += 1) {
        expect((await attempt(first, "10.0.6.1", email, "wrong password")).status).toBe(401);
      }
    } finally {
      await first.stop();
    }

    const key = `${process.env.REDIS_PREFIX}:rl:login-account:${email.toLowerCase()}`;
    expect(await redis.get(key)).toBe("10");
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);

    // A new process (a restart, or another instance behind the load balancer) sees the same count.
    const second = await startApp({ env });
    try {
      const locked = await attempt(second, "10.0.6.2", email, password);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject(ACCOUNT_LOCKED);
      expectRetryAfter(locked);
    } finally {
      await second.stop();
    }
  });

  it("counts the distinct accounts an address failed on, in Redis", async () => {
    const { email, password } = await createMember(org.organization.id);
    const app = await startApp({ env: { TRUST_PROXY: "1", REDIS_URL: TEST_REDIS_URL } });
    try {
      for (let failure = 1; failure <= 5; failure += 1) {
        expect((await attempt(app, "10.0.8.1", uniqueEmail("repeat"), "guess")).status).toBe(401);
        expect((await attempt(app, "10.0.8.1", "same@example.com", "guess")).status).toBe(401);
      }
      const key = `${process.env.REDIS_PREFIX}:rl:login-ip-accounts:10.0.8.1`;
      expect(await redis.scard(key)).toBe(6);
      for (let failure = 1; failure <= 24; failure += 1) {
        expect((await attempt(app, "10.0.8.1", uniqueEmail("spray"), "guess")).status).toBe(401);
      }
      const blocked = await attempt(app, "10.0.8.1", email, password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject(TOO_MANY_LOGINS);
      expectRetryAfter(blocked);
    } finally {
      await app.stop();
    }
  });
});

describe("behind a proxy without TRUST_PROXY", () => {
  it("warns once, at the first forwarded request from a private address", async () => {
    const app = await startApp({ env: { TRUST_PROXY: undefined }, process: true });
    const warning = /TRUST_PROXY is unset/g;
    try {
      expect((await new HttpClient(app.url).get("/api/auth/user")).status).toBe(401);
      expect(app.output()).not.toMatch(warning);
      for (const client of ["203.0.113.7", "198.51.100.9"]) {
        const response = await new HttpClient(app.url).get("/api/auth/user", {
          headers: { "X-Forwarded-For": client },
        });
        expect(response.status).toBe(401);
      }
      // The child writes its log on its own schedule: wait for the line rather than read the output at once.
      const warnings = await eventually(() => app.output().match(warning) ?? undefined, {
        what: "the TRUST_PROXY warning in the log",
      });
      expect(warnings).toHaveLength(1);
    } finally {
      await app.stop();
    }
  });
});

describe("password reset links (no REDIS_URL)", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const reset = (ip: string, token: string) =>
    new HttpClient(app.url).post(
      "/api/auth/reset-password",
      { token, password: "a brand new password" },
      { headers: { "X-Forwarded-For": ip } },
    );

  it("blocks an address after 10 invalid links in 15 minutes, even with a valid one, with Retry-After", async () => {
    const { member } = await createMember(org.organization.id);
    const link = await issuePasswordResetLink(member.id);
    const token = new URL(link?.link ?? "").searchParams.get("token") ?? "";
    for (let guess = 1; guess <= 10; guess += 1) {
      expect((await reset("10.0.7.1", `guess-${guess}-${"x".repeat(40)}`)).status).toBe(400);
    }
    const blocked = await reset("10.0.7.1", token);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ message: "Too many invalid reset links. Please try again later." });
    expectRetryAfter(blocked);
    expect((await reset("10.0.7.2", token)).status).toBe(200);
  });
});

describe("storefront endpoints", () => {
  let app: AppServer;
  let storeId: string;
  beforeAll(async () => {
    storeId = (await createStoreFor(org.admin.id)).id;
    app = await startApp({
      env: {
        TRUST_PROXY: "1",
        SUBSCRIBE_LIMIT_PER_IP: "1000",
        SUBSCRIBE_LIMIT_PER_STORE: "4",
        IMPRESSION_LIMIT_PER_IP: "3",
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const storefront = (ip: string, path: string, body: unknown) =>
    new HttpClient(app.url).post(`/api/public/stores/${storeId}/${path}`, body, {
      headers: { "X-Forwarded-For": ip, Origin: "https://shop.example.com" },
    });

  it("limits subscriptions per store, whatever the address", async () => {
    const statuses: number[] = [];
    for (let visitor = 1; visitor <= 6; visitor += 1) {
      const response = await storefront(`10.0.8.${visitor}`, "subscribe", {
        email: `visitor-${visitor}@acme.example`,
      });
      statuses.push(response.status);
      if (response.status === 429) expectRetryAfter(response);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("limits popup view beacons per address", async () => {
    const statuses: number[] = [];
    for (let view = 1; view <= 5; view += 1)
      statuses.push((await storefront("10.0.9.1", "impressions", {})).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect((await storefront("10.0.9.2", "impressions", {})).status).toBe(204);
  });
});
