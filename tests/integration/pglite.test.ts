import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { TINY_PNG } from "../support/matrices/api-routes";

/** With DATABASE_URL unset the app runs on embedded PGlite under DATA_DIR (SPEC: `npm run dev` needs no server). */
beforeAll(() => {
  delete process.env.DATABASE_URL;
});

describe("in this process", () => {
  it("migrates PGlite under DATA_DIR and signs a user in", async () => {
    const { connection } = await import("~/db/client.server");
    const { migrateDatabase } = await import("~/db/migrate.server");
    const { login } = await import("~/services/access/auth.server");
    const { readSession } = await import("~/services/access/sessions.server");
    const { createOrganizationWithAdmin } = await import("~/services/access/users.server");

    await migrateDatabase();
    expect(connection().kind).toBe("pglite");
    expect(fs.existsSync(path.join(process.env.DATA_DIR ?? "", "pglite", "PG_VERSION"))).toBe(true);

    const email = uniqueEmail("embedded");
    const { admin } = await createOrganizationWithAdmin({
      organizationName: "Embedded",
      email,
      password: "embedded password",
    });
    const { user, session } = await login(
      { email, password: "embedded password" },
      { ip: "127.0.0.1", device: null },
    );
    expect(user).toMatchObject({ email, role: "admin" });
    expect(await readSession(session.token)).toMatchObject({ userId: admin.id });
    await expect(
      login({ email, password: "wrong password" }, { ip: "127.0.0.1", device: null }),
    ).rejects.toMatchObject({
      kind: "unauthorized",
      message: "Invalid email or password",
    });

    // Running the migrations again is a no-op (every start runs them).
    await migrateDatabase();
    // PGlite's first start (initdb in WebAssembly) is CPU-bound: slow on a busy machine.
  }, 120_000);
});

describe("the production build without DATABASE_URL", () => {
  let app: AppServer;
  const email = uniqueEmail("pglite-admin");

  beforeAll(async () => {
    // Its own DATA_DIR: PGlite must never be opened by two processes.
    const dataDir = path.join(process.env.DATA_DIR ?? "", "server");
    app = await startApp({
      env: {
        DATABASE_URL: undefined,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: "pglite password",
      },
      process: true,
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("creates the first admin on PGlite and serves the sign-in flow", async () => {
    const http = new HttpClient(app.url);
    expect((await http.post("/api/auth/login", { email, password: "wrong" })).status).toBe(401);
    expect(await http.login(email, "pglite password")).toMatchObject({ email, role: "admin" });
    const me = await http.get<{ user: { email: string } }>("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect((await http.post("/api/auth/logout")).status).toBe(200);
    expect((await http.get("/api/auth/user")).status).toBe(401);
  });

  it("exports subscribers as CSV without COPY (PGlite has none for a client)", async () => {
    const http = new HttpClient(app.url);
    await http.login(email, "pglite password");
    const store = await http.post<{ id: string }>("/api/stores", {
      name: "Embedded Store",
      shopifyUrl: "https://embedded-store.example.com",
    });
    expect(store.status).toBe(201);
    const exported = await http.get(`/api/stores/${store.body.id}/subscribers/export.csv`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.text).toMatch(
      /^\uFEFF?ID,Email,Name,.*,Consented At,Consent Version,Consent Text,First Name,Birthday,Phone Consented At\r\n$/,
    );
  });

  it("subscribes from the storefront: the inbox's first address gets the code, a tagged one does not", async () => {
    const http = new HttpClient(app.url);
    await http.login(email, "pglite password");
    const store = await http.post<{ id: string }>("/api/stores", {
      name: "Embedded Popup",
      shopifyUrl: "https://embedded-popup.example.com",
    });
    const subscribe = (address: string) =>
      new HttpClient(app.url).post(`/api/public/stores/${store.body.id}/subscribe`, { email: address });
    const first = await subscribe("pat@acme.example");
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ discountCode: expect.any(String) });
    const tagged = await subscribe("pat+shop@acme.example");
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.body).toEqual({ message: "Your discount code has been sent to your inbox." });
  });

  it("imports a CSV file, kept on disk until it has arrived, then written in one transaction", async () => {
    const http = new HttpClient(app.url);
    await http.login(email, "pglite password");
    const store = await http.post<{ id: string }>("/api/stores", {
      name: "Embedded Import",
      shopifyUrl: "https://embedded-import.example.com",
    });
    const imported = await http.post(`/api/stores/${store.body.id}/subscribers/import`, undefined, {
      body: new TextEncoder().encode(
        "Email,First Name,Last Name,Accepts Email Marketing,Tags\nann@acme.example,Ann,Ash,yes,vip\nbob@acme.example,Bob,,no,\n",
      ),
      headers: { "Content-Type": "text/csv" },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ vendor: "shopify", added: 1, notSubscribed: 1, errorCount: 0 });
    const { importId } = imported.body as { importId: string };
    const report = await http.get(`/api/stores/${store.body.id}/subscribers/imports/${importId}/report.csv`);
    expect(report.text).toContain("3,bob@acme.example,Recorded as not subscribed");
  });

  it("reads the dashboard's figures: imported subscribers apart, never conversions", async () => {
    const http = new HttpClient(app.url);
    await http.login(email, "pglite password");
    const store = await http.post<{ id: string }>("/api/stores", {
      name: "Embedded Figures",
      shopifyUrl: "https://embedded-figures.example.com",
    });
    await http.post(`/api/stores/${store.body.id}/subscribers/import`, undefined, {
      body: new TextEncoder().encode("email\ncy@acme.example\n"),
      headers: { "Content-Type": "text/csv" },
    });
    const stats = await http.get(`/api/dashboard/stats?storeId=${store.body.id}`);
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body).toMatchObject({ activeStores: 0, conversionRate: "0.0", importedSubscribers: 1 });
    const listed = await http.get<{ id: string; conversionRate: string }[]>("/api/stores");
    expect(listed.body.find((entry) => entry.id === store.body.id)?.conversionRate).toBe("0.0");
  });

  it("keeps a popup image as bytes and serves them back unchanged", async () => {
    const http = new HttpClient(app.url);
    await http.login(email, "pglite password");
    const store = await http.post<{ id: string }>("/api/stores", {
      name: "Embedded Images",
      shopifyUrl: "https://embedded-images.example.com",
    });
    const upload = await http.post<{ url: string }>(`/api/stores/${store.body.id}/popup-images`, undefined, {
      body: TINY_PNG,
      headers: { "Content-Type": "image/png" },
    });
    expect(upload.status).toBe(201);
    const image = await fetch(new URL(upload.body.url, app.url));
    expect(Buffer.from(await image.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });
});
