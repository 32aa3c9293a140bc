/**
 * Bulk work never starves other tenants (docs/decisions/206): one organization's stalled exports and many
 * organizations' imports at once, while another organization's screens and storefront keep answering. The app
 * runs with a small pool (4), so that bulk work on it would leave the others none; and the statements the
 * imports write with are watched in pg_stat_activity, where each pool's sessions carry their own name.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_NAME } from "~/db/client.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows } from "../support/infra/db";
import { eventually } from "../support/infra/wait";
import { printSummary } from "../support/matrices/summary";

/** More than the socket buffers hold, so that a COPY written straight to a stalled reader would block. */
const EXPORT_ROWS = 60_000;
const STALLED_EXPORTS = 22;
const IMPORT_ORGANIZATIONS = 11;
const IMPORTS_PER_ORGANIZATION = 2;
const IMPORT_ROWS = 3_000;
/** Another tenant's requests per probe: its store list, its subscriber list and its storefront's subscribe in turn. */
const PROBE_REQUESTS = 30;
const EXPORT_IDLE_TIMEOUT_MS = 2_000;

/** The app as its own process, so that these pool settings are its own (the test process has its own pool). */
const signedIn = {} as { app: AppServer; admin: HttpClient };
let victimStoreId: string;
let probes = 0;

beforeAll(async () => {
  const owner = await createOrganizationWithAdmin({ organizationName: "Victim" });
  victimStoreId = (await createStoreFor(owner.admin.id, { name: "Victim" })).id;
  signedIn.app = await startApp({
    process: true,
    env: {
      DATABASE_POOL_SIZE: "4",
      DATABASE_BULK_POOL_SIZE: "2",
      EXPORT_IDLE_TIMEOUT_MS: String(EXPORT_IDLE_TIMEOUT_MS),
      SUBSCRIBE_LIMIT_PER_IP: "100000",
      SUBSCRIBE_LIMIT_PER_STORE: "100000",
    },
  });
  signedIn.admin = new HttpClient(signedIn.app.url);
  await signedIn.admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await signedIn.app?.stop();
});

const figures = { quiet: 0, exports: 0, imports: 0 };
printSummary(
  () =>
    `bulk work: another tenant p95 with no attack ${figures.quiet} ms; ` +
    `stalled exports: ${STALLED_EXPORTS} connections, another tenant p95 ${figures.exports} ms; ` +
    `import flood: ${IMPORT_ORGANIZATIONS} organizations, another tenant p95 ${figures.imports} ms`,
);

/**
 * The other tenant at work: its store list, its subscriber list and its storefront in turn, one request after
 * another, at least PROBE_REQUESTS of them and on until `during` settles.
 */
async function probeVictim(
  during: Promise<unknown> = Promise.resolve(),
): Promise<{ statuses: number[]; p95: number }> {
  let settled = false;
  during.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  const statuses: number[] = [];
  const times: number[] = [];
  const storefront = new HttpClient(signedIn.app.url);
  for (let index = 0; index < PROBE_REQUESTS || !settled; index++) {
    const started = performance.now();
    const response =
      index % 3 === 0
        ? await signedIn.admin.get("/api/stores")
        : index % 3 === 1
          ? await signedIn.admin.get(`/api/stores/${victimStoreId}/subscribers`)
          : await storefront.post(`/api/public/stores/${victimStoreId}/subscribe`, {
              email: `probe-${++probes}@shopper.example`,
            });
    times.push(performance.now() - started);
    statuses.push(response.status);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? 0;
  return { statuses, p95: Math.round(p95) };
}

async function attackerWithStore() {
  const owner = await createOrganizationWithAdmin({ organizationName: "Bulk Tenant" });
  const client = new HttpClient(signedIn.app.url);
  await client.login(owner.email, owner.password);
  const store = await createStoreFor(owner.admin.id);
  return { client, storeId: store.id };
}

type StalledExport = { status: number; socket: net.Socket };

/**
 * A download that takes the answer's head and up to 512 bytes of its body, then reads nothing more (the
 * socket is paused, so TCP's window closes on the server).
 */
function stalledExport(client: HttpClient, storeId: string): Promise<StalledExport> {
  const url = new URL(signedIn.app.url);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd === -1) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received.toString("latin1"))?.[1]);
      if (status !== 200 || received.length - headEnd - 4 >= 512) {
        socket.pause();
        socket.removeAllListeners("data");
        resolve({ status, socket });
      }
    });
    socket.once("close", () => reject(new Error("the export closed before its head")));
    socket.write(
      `GET /api/stores/${storeId}/subscribers/export.csv HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\n\r\n`,
    );
  });
}

/** The sessions (by pool name) seen writing an import's batch until `during` settles. */
async function importWriters(during: Promise<unknown>): Promise<Set<string>> {
  let settled = false;
  const settle = () => {
    settled = true;
  };
  during.then(settle, settle);
  const names = new Set<string>();
  while (!settled) {
    const rows = await sqlRows<{ name: string }>(
      `select application_name as name from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
         and query like '%as imported(%'`,
    );
    for (const row of rows) names.add(row.name);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return names;
}

function csvOf(label: string, rows: number): Uint8Array {
  const lines = ["Email,First Name"];
  for (let row = 0; row < rows; row++) lines.push(`${label}-${row}@bulk.example,Reader ${row}`);
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}

describe("bulk work beside another tenant", () => {
  it("answers the other tenant's screens and storefront with no attack", async () => {
    const quiet = await probeVictim();
    expect(quiet.statuses.every((status) => status === 200)).toBe(true);
    figures.quiet = quiet.p95;
  });

  it("keeps answering them while one organization holds 22 exports it stopped reading", async () => {
    const attacker = await attackerWithStore();
    await sqlRows(
      `insert into subscribers (store_id, email, name)
       select $1::uuid, 'reader' || g || '@acme.example', 'Reader ' || g from generate_series(1, ${EXPORT_ROWS}) g`,
      [attacker.storeId],
    );
    const stalled = await Promise.all(
      Array.from({ length: STALLED_EXPORTS }, () => stalledExport(attacker.client, attacker.storeId)),
    );
    const open = stalled.filter((download) => download.status === 200);
    // Two downloads at once per organization; the others are told to wait for them, never left hanging.
    expect(open).toHaveLength(2);
    expect(stalled.filter((download) => download.status === 429)).toHaveLength(STALLED_EXPORTS - 2);

    const underAttack = await probeVictim();
    expect(underAttack.statuses.filter((status) => status !== 200)).toEqual([]);
    figures.exports = underAttack.p95;

    // A reader that takes nothing is cut off, which gives its organization's place back.
    const again = await eventually(
      async () => {
        const response = await attacker.client.get(`/api/stores/${attacker.storeId}/subscribers/export.csv`);
        return response.status === 200 && response;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: "the stalled downloads to be cut off" },
    );
    expect(again.text.split("\r\n")).toHaveLength(EXPORT_ROWS + 2);
    for (const download of stalled) download.socket.destroy();
  });

  it("keeps answering them while 11 organizations import 2 files each", async () => {
    const attackers = await Promise.all(Array.from({ length: IMPORT_ORGANIZATIONS }, attackerWithStore));
    const imports = Promise.all(
      attackers.flatMap((attacker, organization) =>
        Array.from({ length: IMPORTS_PER_ORGANIZATION }, (_, file) =>
          attacker.client.post(`/api/stores/${attacker.storeId}/subscribers/import`, undefined, {
            headers: { "Content-Type": "text/csv" },
            body: csvOf(`org${organization}-file${file}`, IMPORT_ROWS),
          }),
        ),
      ),
    );
    const [underAttack, writers] = await Promise.all([probeVictim(imports), importWriters(imports)]);
    // Every batch was written on the bulk pool's sessions, never on those of screens and the storefront.
    expect(writers.size).toBeGreaterThan(0);
    expect([...writers]).toEqual([`${APPLICATION_NAME} bulk`]);
    expect(underAttack.statuses.filter((status) => status !== 200)).toEqual([]);
    figures.imports = underAttack.p95;

    const answers = await imports;
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const [row] = await sqlRows<{ written: string }>(
      "select count(*) as written from subscribers where source = 'import'",
    );
    expect(Number(row?.written)).toBe(IMPORT_ORGANIZATIONS * IMPORTS_PER_ORGANIZATION * IMPORT_ROWS);
  });
});
