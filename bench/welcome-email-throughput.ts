import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { type ParsedMail, simpleParser } from "mailparser";
import pg from "pg";
import { emailQueue } from "../jobs/queues/email.config";
import {
  forkTs,
  nextMessage,
  startBuiltCommand,
  stopProcess,
  type TrackedProcess,
  tail,
} from "../tests/support/infra/processes";
import { appEnvironment, type BenchEnv } from "./lib/app";
import { groupCpuSeconds, processCpuSeconds } from "./lib/cpu";
import { progress, sleep, withTimeout } from "./lib/log";
import { fixed, integer, type Row } from "./lib/report";
import type { RawMailerCommand, RawMailerReply } from "./raw-mailer";
import { type SmtpSink, sendStoreMailToSink, startSmtpSink } from "./smtp-sink";

const MESSAGES = Number(process.env.BENCH_EMAILS ?? 2_000);
const WARMUP_MESSAGES = 100;
const BUDGET_PER_SECOND = 500;
/** Long enough for 2,000 messages at 20/s; a slower path is reported from what arrived by then. */
const WAIT_MS = Number(process.env.BENCH_WAIT_MS ?? 120_000);

export type MailRun = {
  messages: number;
  seconds: number;
  perSecond: number;
  bytesPerMessage: number;
  /** CPU time of the sending process per message delivered. */
  cpuMsPerMessage: number;
};
export type RawRun = MailRun & { failed: number };
export type WelcomeEmailMeasurement = {
  worker: MailRun & { sent: number; extraMessages: number };
  raw: { defaults: RawRun; noDelay: RawRun };
};

/** Times from `start` until the sink has `count` more messages (or the wait runs out). */
export async function timeDelivery(
  sink: SmtpSink,
  count: number,
  cpuSeconds: () => number,
  start: () => Promise<void>,
): Promise<MailRun> {
  const baseCount = sink.count();
  const baseBytes = sink.bytes();
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  await start();
  await sink.waitForCount(baseCount + count, WAIT_MS).catch((error: unknown) => {
    progress(`  ${(error as Error).message}: reporting what arrived`);
  });
  const seconds = (performance.now() - started) / 1000;
  const messages = sink.count() - baseCount;
  return {
    messages,
    seconds,
    perSecond: messages / seconds,
    bytesPerMessage: messages > 0 ? (sink.bytes() - baseBytes) / messages : 0,
    cpuMsPerMessage: ((cpuSeconds() - cpuBefore) * 1000) / Math.max(messages, 1),
  };
}

async function insertSubscribers(client: pg.Client, storeId: string, tag: string, count: number) {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO subscribers (store_id, email, discount_code_sent)
     SELECT $1, $2 || '-' || g || '@bench-company.com', 'WELCOME15' FROM generate_series(1, $3::int) AS g
     RETURNING id`,
    [storeId, tag, count],
  );
  return rows.map((row) => row.id);
}

/**
 * Hands welcome emails to the worker exactly as a subscription does: pending rows in the outbox
 * (email_sends), then one wake-up job for the burst (services/email/welcome-outbox.server.ts).
 */
async function queueWelcome(client: pg.Client, queue: Queue, subscriberIds: string[]): Promise<void> {
  await client.query(
    `INSERT INTO email_sends (store_id, subscriber_id, kind, status, attempts)
     SELECT s.store_id, s.id, 'welcome', 'pending', 0 FROM subscribers s WHERE s.id = ANY($1::uuid[])`,
    [subscriberIds],
  );
  await queue.add("email", { type: "send-pending-welcomes" }, { removeOnComplete: true });
}

export async function waitForWorker(queue: Queue, worker: TrackedProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (worker.child.exitCode !== null) throw new Error(`worker exited during start:\n${tail(worker)}`);
    if ((await queue.getWorkersCount()) > 0) return;
    await sleep(250);
  }
  throw new Error(`worker did not connect within 90 s:\n${tail(worker)}`);
}

export type MailBench = BenchEnv & { mailRedisPrefix: string; origin: string; nodeOptions?: string[] };

/** One `jobs/worker.ts` on the bench's database and Redis prefix, and a queue of `queueName` to feed it. */
export function startMailWorker(bench: MailBench, queueName: string) {
  const connection = new Redis(bench.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName, { connection, prefix: bench.mailRedisPrefix });
  const worker = startBuiltCommand(
    "worker",
    "worker",
    appEnvironment(bench, {
      REDIS_PREFIX: bench.mailRedisPrefix,
      ALLOW_PRIVATE_NETWORK_TARGETS: "true",
      APP_URL: bench.origin,
    }),
    { nodeOptions: bench.nodeOptions },
  );
  return { connection, queue, worker };
}

type MailWorkerSetup = {
  sink: SmtpSink;
  client: pg.Client;
  queue: Queue;
  worker: ReturnType<typeof startMailWorker>["worker"];
};

/**
 * `work` with one `jobs/worker.ts` of `queueName` ready, the bench's store sending to a new loopback sink, and
 * a database client; all stopped after, whatever happened.
 */
export async function withMailWorker<T>(
  bench: MailBench & { storeId: string },
  queueName: string,
  work: (setup: MailWorkerSetup) => Promise<T>,
): Promise<T> {
  const sink = await startSmtpSink();
  const client = new pg.Client({ connectionString: bench.databaseUrl });
  await client.connect();
  const { connection, queue, worker } = startMailWorker(bench, queueName);
  try {
    await sendStoreMailToSink(client, bench.storeId, sink);
    await waitForWorker(queue, worker);
    return await work({ sink, client, queue, worker });
  } finally {
    await stopProcess(worker, { graceMs: 10_000, onKill: progress });
    await queue.close();
    connection.disconnect();
    await client.end();
    await sink.stop();
  }
}

async function measureWorker(
  bench: MailBench,
  client: pg.Client,
  storeId: string,
  sink: SmtpSink,
): Promise<{ run: WelcomeEmailMeasurement["worker"]; sample: Buffer }> {
  const { connection, queue, worker } = startMailWorker(bench, emailQueue.name);
  try {
    progress(`starting one worker (pid ${worker.child.pid}), prefix ${bench.mailRedisPrefix}`);
    await waitForWorker(queue, worker);
    const warmupIds = await insertSubscribers(client, storeId, "mail-warm", WARMUP_MESSAGES);
    const ids = await insertSubscribers(client, storeId, "mail-run", MESSAGES);
    const sample = sink.captureNext();
    const workerCpu = () => groupCpuSeconds(worker.child.pid ?? 0);
    progress(`worker warm-up: ${WARMUP_MESSAGES} welcome emails`);
    const warm = await timeDelivery(sink, WARMUP_MESSAGES, workerCpu, () =>
      queueWelcome(client, queue, warmupIds),
    );
    if (warm.messages < WARMUP_MESSAGES)
      throw new Error(`warm-up delivered ${warm.messages}:\n${tail(worker)}`);
    progress(`worker: ${MESSAGES} welcome emails`);
    const run = await timeDelivery(sink, MESSAGES, workerCpu, () => queueWelcome(client, queue, ids));
    // A duplicate send would show up as more messages than pending sends.
    await sleep(1_000);
    const extraMessages = Math.max(0, sink.count() - WARMUP_MESSAGES - MESSAGES);
    const { rows } = await client.query<{ sent: string }>(
      `SELECT count(*) AS sent FROM email_sends WHERE kind = 'welcome' AND status = 'sent' AND subscriber_id = ANY($1::uuid[])`,
      [ids],
    );
    const sent = Number(rows[0]?.sent ?? 0);
    progress(
      `  worker: ${run.messages} messages in ${run.seconds.toFixed(2)} s = ${run.perSecond.toFixed(0)}/s, ` +
        `${run.bytesPerMessage.toFixed(0)} B each, ${run.cpuMsPerMessage.toFixed(2)} CPU ms each; ` +
        `${sent} sends recorded, ${extraMessages} extra`,
    );
    return {
      run: { ...run, sent, extraMessages },
      sample: await withTimeout("the sample message", 5_000, sample),
    };
  } finally {
    await stopProcess(worker, { graceMs: 10_000, onKill: progress });
    await queue.close();
    connection.disconnect();
  }
}

export function sameMessage(parsed: ParsedMail): RawMailerCommand["message"] {
  const headers: Record<string, string> = {};
  for (const name of ["list-unsubscribe", "list-unsubscribe-post", "x-priority", "importance"]) {
    const line = parsed.headerLines.find((header) => header.key === name)?.line;
    const value = line?.slice(line.indexOf(":") + 1).trim();
    if (value) headers[name] = value;
  }
  return {
    from: parsed.from?.text ?? "shop@bench-store.example.com",
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    headers,
  };
}

async function rawRun(
  mailer: TrackedProcess,
  sink: SmtpSink,
  message: RawMailerCommand["message"],
  noDelay: boolean,
  count: number,
): Promise<RawRun> {
  const label = noDelay ? "raw nodemailer + TCP_NODELAY" : "raw nodemailer";
  const send = (count: number) => {
    const done = nextMessage(mailer, (reply) =>
      (reply as RawMailerReply).type === "done" ? (reply as RawMailerReply) : undefined,
    );
    const command: RawMailerCommand = { type: "run", port: sink.port, count, message, noDelay };
    mailer.child.send(command);
    return withTimeout(`the ${label} answer`, WAIT_MS + 10_000, done);
  };
  const cpu = () => processCpuSeconds(mailer.child.pid ?? 0);
  progress(`${label} warm-up: ${WARMUP_MESSAGES} messages`);
  let warmReply: Promise<RawMailerReply> | undefined;
  await timeDelivery(sink, WARMUP_MESSAGES, cpu, async () => {
    warmReply = send(WARMUP_MESSAGES);
  });
  await warmReply;
  progress(`${label}: ${count} messages`);
  let reply: Promise<RawMailerReply> | undefined;
  const run = await timeDelivery(sink, count, cpu, async () => {
    reply = send(count);
  });
  const result = await reply;
  if (result?.firstError) progress(`  ${label} error: ${result.firstError}`);
  progress(
    `  ${label}: ${run.messages} messages in ${run.seconds.toFixed(2)} s = ${run.perSecond.toFixed(0)}/s, ` +
      `${run.bytesPerMessage.toFixed(0)} B each, ${run.cpuMsPerMessage.toFixed(2)} CPU ms each`,
  );
  return { ...run, failed: result?.failed ?? 0 };
}

/** The same message, sent `count` times by nodemailer alone: with its defaults, then with TCP_NODELAY. */
export async function measureRaw(
  sink: SmtpSink,
  sample: Buffer,
  count = MESSAGES,
): Promise<WelcomeEmailMeasurement["raw"]> {
  const message = sameMessage(await simpleParser(sample));
  const mailer = forkTs("raw mailer", "bench/raw-mailer.ts");
  try {
    await withTimeout(
      "the raw mailer's start",
      30_000,
      nextMessage(mailer, (reply) => ((reply as { type?: string }).type === "ready" ? true : undefined)),
    );
    const defaults = await rawRun(mailer, sink, message, false, count);
    const noDelay = await rawRun(mailer, sink, message, true, count);
    return { defaults, noDelay };
  } finally {
    await stopProcess(mailer, { graceMs: 5_000, onKill: progress });
  }
}

/**
 * One `jobs/worker.ts` delivering N welcome emails (BullMQ on Redis, PostgreSQL, the store's pooled
 * SMTP transport) to a loopback sink, next to a bare pooled nodemailer loop sending a message of the
 * same size to the same sink.
 */
export async function measureWelcomeEmailThroughput(
  bench: MailBench & { storeId: string },
): Promise<WelcomeEmailMeasurement> {
  const sink = await startSmtpSink();
  const client = new pg.Client({ connectionString: bench.databaseUrl });
  await client.connect();
  try {
    await sendStoreMailToSink(client, bench.storeId, sink);
    progress(`SMTP sink on 127.0.0.1:${sink.port}`);
    const { run: worker, sample } = await measureWorker(bench, client, bench.storeId, sink);
    const raw = await measureRaw(sink, sample);
    return { worker, raw };
  } finally {
    await client.end();
    await sink.stop();
  }
}

export function describeRaw(raw: RawRun): string {
  return (
    `${integer(raw.perSecond)} msg/s (${integer(raw.messages)} in ${fixed(raw.seconds, 2)} s, ` +
    `${integer(raw.bytesPerMessage)} B each, ${fixed(raw.cpuMsPerMessage, 2)} CPU ms/msg, ${raw.failed} failed)`
  );
}

export function welcomeEmailRows(measured: WelcomeEmailMeasurement): Row[] {
  const { worker, raw } = measured;
  const complete = worker.messages === MESSAGES && worker.sent === MESSAGES && worker.extraMessages === 0;
  const ratio = (reference: RawRun) => `${fixed(worker.perSecond / Math.max(reference.perSecond, 1e-9), 2)}×`;
  return [
    {
      measure: "Welcome email, 1 worker → SMTP sink",
      result:
        `${integer(worker.perSecond)} msg/s (${integer(worker.messages)} in ${fixed(worker.seconds, 2)} s, ` +
        `${integer(worker.bytesPerMessage)} B each, ${fixed(worker.cpuMsPerMessage, 2)} CPU ms/msg; ` +
        `${integer(worker.sent)} sends recorded, ${worker.extraMessages} extra)`,
      budget: `≥ ${BUDGET_PER_SECOND} msg/s, all sent once`,
      pass: worker.perSecond >= BUDGET_PER_SECOND && complete,
    },
    {
      measure: "Raw pooled nodemailer → same sink",
      result: describeRaw(raw.defaults),
      budget: "reference",
      pass: null,
    },
    {
      measure: "Raw pooled nodemailer, TCP_NODELAY",
      result: describeRaw(raw.noDelay),
      budget: "reference",
      pass: null,
    },
    {
      measure: "Welcome email, worker ÷ raw",
      result: `${ratio(raw.defaults)} (÷ TCP_NODELAY raw: ${ratio(raw.noDelay)})`,
      budget: "reference",
      pass: null,
    },
  ];
}
