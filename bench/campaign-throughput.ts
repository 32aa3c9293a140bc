import type pg from "pg";
import { defaultCampaignContent } from "../app/lib/schemas/campaign-content";
import { campaignsQueue } from "../jobs/queues/campaigns.config";
import { tail } from "../tests/support/infra/processes";
import { groupCpuSeconds } from "./lib/cpu";
import { progress, sleep, withTimeout } from "./lib/log";
import { fixed, integer, type Row } from "./lib/report";
import {
  describeRaw,
  type MailBench,
  type MailRun,
  measureRaw,
  type RawRun,
  timeDelivery,
  withMailWorker,
} from "./welcome-email-throughput";

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);
/** The highest sending speed a merchant may set (app/lib/schemas/campaign-sending.ts). */
const SEND_RATE = 1_000;

export type CampaignMeasurement = {
  worker: MailRun & { sent: number; extraMessages: number };
  raw: { defaults: RawRun; noDelay: RawRun };
};

/**
 * A sending campaign whose audience (RECIPIENTS new subscribers) is frozen, written in one transaction as
 * `send` does: the worker's sweep must never see it sending with no recipients yet (it would finish it).
 */
async function sendingCampaign(client: pg.Client, storeId: string): Promise<string> {
  await client.query("UPDATE email_settings SET campaign_send_rate = $2 WHERE store_id = $1", [
    storeId,
    SEND_RATE,
  ]);
  await client.query("BEGIN");
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO campaigns (store_id, name, slug, subject, content, status, started_at)
     VALUES ($1, 'Bench campaign', 'bench-campaign-' || extract(epoch from now())::bigint, 'News from the bench store',
             $2::jsonb, 'sending', now())
     RETURNING id`,
    [storeId, JSON.stringify(defaultCampaignContent)],
  );
  const campaignId = rows[0]?.id;
  if (!campaignId) throw new Error("no campaign row");
  await client.query(
    `WITH audience AS (
       INSERT INTO subscribers (store_id, email, name, discount_code_sent)
       SELECT $1, 'campaign-' || g || '-' || $3 || '@bench-company.com', 'Ada', 'WELCOME15'
       FROM generate_series(1, $2::int) AS g
       RETURNING id)
     INSERT INTO campaign_sends (campaign_id, store_id, subscriber_id) SELECT $3::uuid, $1::uuid, id FROM audience`,
    [storeId, RECIPIENTS, campaignId],
  );
  await client.query("COMMIT");
  return campaignId;
}

type CampaignBench = MailBench & { storeId: string };

/** The campaign's sends recorded as sent, once they reach `expected` or `withinMs` has passed. */
async function recordedSent(client: pg.Client, campaignId: string, expected: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { rows } = await client.query<{ sent: string }>(
      "SELECT count(*) AS sent FROM campaign_sends WHERE campaign_id = $1 AND status = 'sent'",
      [campaignId],
    );
    const sent = Number(rows[0]?.sent ?? 0);
    if (sent >= expected || Date.now() > deadline) return sent;
    await sleep(250);
  }
}

/**
 * One `jobs/worker.ts` delivering a campaign to RECIPIENTS subscribers (claims in batches of a second's
 * worth, tracked links, the store's pooled SMTP transport, the per-store rate set to its maximum) to a
 * loopback sink; then the same message sent as often by nodemailer alone.
 */
export function measureCampaignThroughput(bench: CampaignBench): Promise<CampaignMeasurement> {
  return withMailWorker(bench, campaignsQueue.name, async ({ sink, client, queue, worker }) => {
    const campaignId = await sendingCampaign(client, bench.storeId);
    const sample = sink.captureNext();
    progress(`worker: a campaign to ${RECIPIENTS} subscribers at up to ${SEND_RATE}/s`);
    const run = await timeDelivery(
      sink,
      RECIPIENTS,
      () => groupCpuSeconds(worker.child.pid ?? 0),
      async () => {
        await queue.add("campaigns", { type: "deliver-campaign", campaignId }, { removeOnComplete: true });
      },
    );
    // Each message is recorded once the sink accepted it; on a busy machine the last records trail the last
    // messages: wait for them (up to 15 s), as "all sent once" is about every record, not its moment.
    const sent = await recordedSent(client, campaignId, RECIPIENTS, 15_000);
    const extraMessages = Math.max(0, run.messages - RECIPIENTS);
    progress(`  worker: ${run.messages} messages in ${run.seconds.toFixed(2)} s; ${sent} recorded sent`);
    if (run.messages === 0) throw new Error(`no campaign message arrived:\n${tail(worker)}`);
    const raw = await measureRaw(sink, await withTimeout("the sample message", 5_000, sample), RECIPIENTS);
    return { worker: { ...run, sent, extraMessages }, raw };
  });
}

export function campaignRows({ worker, raw }: CampaignMeasurement): Row[] {
  const complete = worker.messages === RECIPIENTS && worker.sent === RECIPIENTS && worker.extraMessages === 0;
  const ratio = (reference: RawRun) => `${fixed(worker.perSecond / Math.max(reference.perSecond, 1e-9), 2)}×`;
  return [
    {
      measure: `Campaign to ${integer(RECIPIENTS)}, 1 worker → SMTP sink`,
      result:
        `${integer(worker.perSecond)} msg/s (${integer(worker.messages)} in ${fixed(worker.seconds, 2)} s, ` +
        `${integer(worker.bytesPerMessage)} B each, ${fixed(worker.cpuMsPerMessage, 2)} CPU ms/msg; ` +
        `${integer(worker.sent)} recorded sent, ${worker.extraMessages} extra)`,
      budget: `all sent once; rate set to ${integer(SEND_RATE)}/s`,
      pass: complete,
    },
    {
      measure: "Raw pooled nodemailer, same message",
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
      measure: "Campaign, worker ÷ raw",
      result: `${ratio(raw.defaults)} (÷ TCP_NODELAY raw: ${ratio(raw.noDelay)})`,
      budget: "reference",
      pass: null,
    },
  ];
}
