import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { freePort } from "../support/infra/services";
import { eventually } from "../support/infra/wait";

/**
 * The first form of a fresh install works whichever loopback name opens the app in development; in
 * production only APP_URL's origin is trusted. A refused form gets a page (or, for the app's own data
 * request, a sentence) that says what to do; an API caller keeps the JSON error.
 */

const REFUSED = { message: "Cross-site request refused" };

/** An app whose APP_URL names localhost, as `npm run dev` has it. */
async function appAtLocalhost(
  nodeEnv: "development" | "production",
): Promise<{ app: AppServer; port: string }> {
  const port = String(await freePort());
  const app = await startApp({ env: { NODE_ENV: nodeEnv, PORT: port, APP_URL: `http://localhost:${port}` } });
  return { app, port };
}

const setupForm = () =>
  new URLSearchParams({
    organizationName: "Loopback Co",
    email: "owner@loopback.example",
    password: "password-123456",
  });

describe("the start log of a fresh install", () => {
  it("prints the address to open and /setup while no account exists", async () => {
    const port = String(await freePort());
    const app = await startApp({ env: { PORT: port, APP_URL: `http://localhost:${port}` }, process: true });
    try {
      await eventually(
        () => app.output().includes(`open http://localhost:${port}/setup to create the admin account`),
        {
          what: "the setup notice",
        },
      );
    } finally {
      await app.stop();
    }
  });
});

describe("in development", () => {
  let app: AppServer;
  let port: string;
  beforeAll(async () => {
    ({ app, port } = await appAtLocalhost("development"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("takes localhost, 127.0.0.1 and [::1] on the same port as one origin", async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`, `http://localhost:${port}`]) {
      const response = await new HttpClient(app.url).post(
        "/api/auth/login",
        { email: "nobody@loopback.example", password: "wrong-password" },
        { headers: { Origin: origin } },
      );
      expect({ origin, status: response.status }).toEqual({ origin, status: 401 });
    }
  });

  it("lets the /setup form posted from http://127.0.0.1 create the first account", async () => {
    const response = await new HttpClient(app.url).post("/setup", undefined, {
      body: setupForm(),
      headers: {
        Origin: `http://127.0.0.1:${port}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html",
      },
    });
    expect(response.status).toBe(302);
  });

  it("still refuses another port and another host", async () => {
    for (const origin of ["http://127.0.0.1:1", "https://evil.example", `http://192.168.0.1:${port}`]) {
      const response = await new HttpClient(app.url).post(
        "/api/auth/login",
        {},
        { headers: { Origin: origin } },
      );
      expect({ origin, status: response.status, body: response.body }).toEqual({
        origin,
        status: 403,
        body: REFUSED,
      });
    }
  });
});

describe("in production", () => {
  let app: AppServer;
  let port: string;
  beforeAll(async () => {
    ({ app, port } = await appAtLocalhost("production"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("trusts APP_URL's origin only: 127.0.0.1 is another site there", async () => {
    const response = await new HttpClient(app.url).post(
      "/api/auth/login",
      {},
      {
        headers: { Origin: `http://127.0.0.1:${port}` },
      },
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual(REFUSED);
  });

  it("answers a refused form a browser posted with a page that says what to do", async () => {
    const response = await new HttpClient(app.url).post("/setup", undefined, {
      body: setupForm(),
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.text).toContain("<h1>Form not accepted: sent from another address</h1>");
    expect(response.text).toContain(
      `This form was sent from https://evil.example, but this app&#39;s address is http://localhost:${port}.`,
    );
    expect(response.text).toContain(`href="http://localhost:${port}/setup"`);
  });

  it("answers the app's own data request with the sentence, and an API caller with JSON", async () => {
    const data = await new HttpClient(app.url).post("/setup.data", undefined, {
      body: setupForm(),
      headers: {
        Origin: `http://127.0.0.1:${port}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "*/*",
      },
    });
    expect(data.status).toBe(403);
    expect(data.headers.get("content-type")).toContain("text/plain");
    expect(data.text).toContain(`Open http://localhost:${port}/setup and send the form again`);
    const api = await new HttpClient(app.url).post(
      "/api/stores",
      {},
      {
        headers: { Origin: "https://evil.example", Accept: "application/json" },
      },
    );
    expect(api.status).toBe(403);
    expect(api.body).toEqual(REFUSED);
  });
});
