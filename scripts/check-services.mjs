// Before any test: PostgreSQL, Redis, Chromium and SpamAssassin must be there. A missing one stops the run with
// the command that provides it, instead of tests that silently skip.
import { existsSync } from "node:fs";
import net from "node:net";

const databaseUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port), timeout: 2000 });
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const problems = [];
if (!(await reachable(databaseUrl.hostname, databaseUrl.port || 5432))) {
  problems.push(
    `PostgreSQL is not reachable at ${databaseUrl.host}. Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`,
  );
}
if (!(await reachable(redisUrl.hostname, redisUrl.port || 6379))) {
  problems.push(
    `Redis is not reachable at ${redisUrl.host}. Start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`,
  );
}
if (!existsSync(chromium)) {
  problems.push(`Chromium is missing at ${chromium}. Install it: apt-get install -y chromium`);
}
if (!existsSync("/usr/bin/spamassassin")) {
  problems.push(
    "SpamAssassin is missing (every email kind is scored). Install it: apt-get install -y spamassassin",
  );
}
if (problems.length > 0) {
  process.stderr.write(`Cannot run the tests:\n- ${problems.join("\n- ")}\n`);
  process.exit(1);
}
