/**
 * The references the storefront endpoints are measured against: node:http + a pg Pool (max 20), one statement
 * per request and nothing else (no limits, no cache, no checks beyond the shape):
 * - POST …/subscribe: one INSERT … ON CONFLICT DO NOTHING of the columns the app writes, into a copy of the
 *   subscribers table (BARE_TABLE);
 * - GET …/popups: one SELECT of the store's active popups, sent as JSON;
 * - POST …/impressions: one upsert of the day's views into a copy of popup_views (BARE_VIEWS_TABLE).
 * Run by the benches in its own process; it reports its port over IPC.
 */
import http from "node:http";
import pg from "pg";

const databaseUrl = process.env.BARE_DATABASE_URL;
const table = process.env.BARE_TABLE ?? "";
const viewsTable = process.env.BARE_VIEWS_TABLE ?? "";
if (!databaseUrl || !/^[a-z_]+$/.test(table) || !/^[a-z_]+$/.test(viewsTable))
  throw new Error("BARE_DATABASE_URL, BARE_TABLE and BARE_VIEWS_TABLE are required");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
pool.on("error", () => {});

const INSERT = `INSERT INTO ${table}
  (store_id, email, session_id, discount_code_sent, consent_page_url, consent_ip, consent_user_agent, confirmation_required)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`;
const SELECT_POPUPS =
  "SELECT * FROM popup_configs WHERE store_id = $1 AND status = 'live' ORDER BY priority, created_at";
const COUNT_VIEW = `INSERT INTO ${viewsTable} (store_id, day, views) VALUES ($1, current_date, 1)
  ON CONFLICT (store_id, day) DO UPDATE SET views = ${viewsTable}.views + 1`;
const PATH = /^\/api\/public\/stores\/([0-9a-f-]{36})\/(subscribe|popups|impressions)$/;
const MAX_BODY = 16 * 1024;
const DISCOUNT_CODE = "WELCOME15";

type Body = { email?: unknown; sessionId?: unknown; pageUrl?: unknown };

function send(res: http.ServerResponse, status: number, payload: object) {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value ? value : null;
}

function sendPopups(res: http.ServerResponse, storeId: string) {
  pool.query(SELECT_POPUPS, [storeId]).then(
    ({ rows }) => send(res, 200, { storeId, popups: rows }),
    () => send(res, 500, { message: "Something went wrong. Please try again." }),
  );
}

function countView(res: http.ServerResponse, storeId: string) {
  pool.query(COUNT_VIEW, [storeId]).then(
    () => {
      res.writeHead(204);
      res.end();
    },
    () => send(res, 500, { message: "Something went wrong. Please try again." }),
  );
}

function subscribe(req: http.IncomingMessage, res: http.ServerResponse, storeId: string) {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  });
  req.on("end", () => {
    let body: Body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Body;
    } catch {
      send(res, 400, { message: "Request body must be valid JSON" });
      return;
    }
    const email = text(body.email)?.trim();
    if (size > MAX_BODY || !email) {
      send(res, 422, { message: "Please enter a valid email address" });
      return;
    }
    const values = [
      storeId,
      email,
      text(body.sessionId),
      DISCOUNT_CODE,
      text(body.pageUrl),
      req.socket.remoteAddress ?? "",
      (req.headers["user-agent"] ?? "").slice(0, 512),
      false,
    ];
    pool.query(INSERT, values).then(
      () => send(res, 200, { message: "Thank you for subscribing!", discountCode: DISCOUNT_CODE }),
      () => send(res, 500, { message: "Something went wrong. Please try again." }),
    );
  });
}

const server = http.createServer((req, res) => {
  const [, storeId, call] = PATH.exec(req.url ?? "") ?? [];
  if (storeId && call === "popups" && req.method === "GET") sendPopups(res, storeId);
  else if (storeId && call === "impressions" && req.method === "POST") {
    req.resume();
    countView(res, storeId);
  } else if (storeId && call === "subscribe" && req.method === "POST") subscribe(req, res, storeId);
  else send(res, 404, { message: "Not found" });
});

function stop() {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
}

process.once("SIGTERM", stop);
process.once("disconnect", stop);

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.send?.({ type: "ready", port });
});
