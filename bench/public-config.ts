import pg from "pg";
import { startBareStorefront } from "./lib/bare-storefront";
import { groupCpuSeconds, processCpuSeconds } from "./lib/cpu";
import { LOAD, type LoadResult, type LoadTarget, runLoad } from "./lib/load";
import { progress } from "./lib/log";
import { fixed, integer, type Row } from "./lib/report";

/** A load after its warm-up, both on the same target. */
async function measured(target: Omit<LoadTarget, "durationSeconds">): Promise<LoadResult> {
  if (LOAD.warmupSeconds > 0)
    await runLoad({ ...target, label: `${target.label} warm-up`, durationSeconds: LOAD.warmupSeconds });
  return runLoad({ ...target, durationSeconds: LOAD.durationSeconds });
}

export type StorefrontReads = {
  config: { app: LoadResult; revalidated: LoadResult; bare: LoadResult };
  impressions: { app: LoadResult; bare: LoadResult; countsPerImpression: number };
};

/** The counts the app's impressions add to (the store's views and its variants' impressions). */
async function countedImpressions(client: pg.Client, storeId: string): Promise<number> {
  const { rows } = await client.query<{ total: string }>(
    `SELECT (SELECT coalesce(sum(views), 0) FROM popup_views WHERE store_id = $1)
          + (SELECT coalesce(sum(impressions + impressions_not_counted), 0) FROM popup_variant_days d
             JOIN popup_configs p ON p.id = d.popup_id WHERE p.store_id = $1) AS total`,
    [storeId],
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * What every storefront page view asks (GET …/popups), fresh and revalidated by its ETag (304), and the view
 * beacon it sends once a popup shows (POST …/impressions, a new visitor each), on the app and on the bare
 * node:http + pg endpoints (bare-storefront-server.ts).
 */
export async function measureStorefrontReads(options: {
  origin: string;
  appGroup: number;
  storeId: string;
  databaseUrl: string;
}): Promise<StorefrontReads> {
  const { origin, storeId } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const bare = await startBareStorefront(client, options.databaseUrl);
  try {
    const path = `/api/public/stores/${storeId}`;
    const appCpu = () => groupCpuSeconds(options.appGroup);
    const bareCpu = () => processCpuSeconds(bare.pid);
    const first = await fetch(`${origin}${path}/popups`);
    const etag = first.headers.get("etag") ?? "";
    const { popups } = (await first.json()) as { popups: { id: string; variants: { id: string }[] }[] };
    const shown = { popupId: popups[0]?.id, variantId: popups[0]?.variants[0]?.id };
    let visitor = 0;
    const beacon = () => {
      visitor += 1;
      return { key: String(visitor), body: JSON.stringify({ ...shown, sessionId: `bench-${visitor}` }) };
    };
    const config = {
      app: await measured({
        label: "popup config (app)",
        url: `${origin}${path}/popups`,
        method: "GET",
        cpuSeconds: appCpu,
      }),
      revalidated: await measured({
        label: "popup config revalidated (app, 304)",
        url: `${origin}${path}/popups`,
        method: "GET",
        headers: { "if-none-match": etag },
        cpuSeconds: appCpu,
      }),
      bare: await measured({
        label: "popup config (bare)",
        url: `${bare.origin}${path}/popups`,
        method: "GET",
        cpuSeconds: bareCpu,
      }),
    };
    const countedBefore = await countedImpressions(client, storeId);
    const app = await measured({
      label: "impressions (app)",
      url: `${origin}${path}/impressions`,
      method: "POST",
      body: beacon,
      cpuSeconds: appCpu,
    });
    const added = (await countedImpressions(client, storeId)) - countedBefore;
    const answered = visitor;
    progress(`  impressions: ${added} counts added for ${answered} beacons sent (warm-up included)`);
    const impressions = {
      app,
      bare: await measured({
        label: "impressions (bare)",
        url: `${bare.origin}${path}/impressions`,
        method: "POST",
        body: beacon,
        cpuSeconds: bareCpu,
      }),
      countsPerImpression: added / Math.max(answered, 1),
    };
    return { config, impressions };
  } finally {
    await bare.stop();
    await client.end();
  }
}

const describe = (load: LoadResult) =>
  `${integer(load.requestsPerSecond)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
  `${fixed(load.cpuMsPerRequest, 2)} CPU ms/req, errors ${load.errors}, non-2xx ${load.non2xx}`;
const clean = (load: LoadResult) => load.errors === 0 && load.timeouts === 0;
const ratio = (app: LoadResult, bare: LoadResult) =>
  bare.requestsPerSecond / Math.max(app.requestsPerSecond, 1);

export function storefrontReadRows({ config, impressions }: StorefrontReads): Row[] {
  const configRatio = ratio(config.app, config.bare);
  const impressionRatio = ratio(impressions.app, impressions.bare);
  return [
    {
      measure: "Popup config GET, app",
      result: describe(config.app),
      budget: "0 errors",
      pass: clean(config.app) && config.app.non2xx === 0,
    },
    {
      measure: "Popup config GET, If-None-Match (304), app",
      result: `${describe(config.revalidated)} (304 is not 2xx)`,
      budget: "0 errors, all 304",
      pass: clean(config.revalidated) && config.revalidated.ok === 0,
    },
    {
      measure: "Popup config GET, bare node:http + pg",
      result: describe(config.bare),
      budget: "reference",
      pass: null,
    },
    {
      measure: "Popup config throughput, bare ÷ app",
      result: `${fixed(configRatio, 2)}×`,
      budget: "reference",
      pass: null,
    },
    {
      measure: "Impression POST, app (Redis on)",
      result: `${describe(impressions.app)}; ${fixed(impressions.countsPerImpression, 2)} counts added per beacon`,
      budget: "0 errors, ≤ 1 count per beacon",
      // A beacon adds one count to its variant's day (and the store's first views per address one more).
      pass: clean(impressions.app) && impressions.app.non2xx === 0 && impressions.countsPerImpression <= 1.01,
    },
    {
      measure: "Impression POST, bare node:http + pg",
      result: describe(impressions.bare),
      budget: "reference",
      pass: null,
    },
    {
      measure: "Impression throughput, bare ÷ app",
      result: `${fixed(impressionRatio, 2)}×`,
      budget: "reference",
      pass: null,
    },
  ];
}
