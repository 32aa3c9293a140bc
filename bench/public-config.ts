import { groupCpuSeconds } from "./lib/cpu";
import { LOAD, type LoadResult, runLoad } from "./lib/load";
import { fixed, integer, type Row } from "./lib/report";

/** GET /api/public/stores/{id}/popups (what every storefront page asks once) under the subscribe load shape. */
export async function measurePublicConfig(options: {
  origin: string;
  appGroup: number;
  storeId: string;
}): Promise<LoadResult> {
  const url = `${options.origin}/api/public/stores/${options.storeId}/popups`;
  const cpuSeconds = () => groupCpuSeconds(options.appGroup);
  if (LOAD.warmupSeconds > 0)
    await runLoad({
      label: "popup config warm-up",
      url,
      method: "GET",
      durationSeconds: LOAD.warmupSeconds,
      cpuSeconds,
    });
  return runLoad({
    label: "popup config",
    url,
    method: "GET",
    durationSeconds: LOAD.durationSeconds,
    cpuSeconds,
  });
}

export function publicConfigRows(load: LoadResult): Row[] {
  return [
    {
      measure: "Popup config GET, app",
      result:
        `${integer(load.requestsPerSecond)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
        `${fixed(load.cpuMsPerRequest, 2)} CPU ms/req, errors ${load.errors}, non-2xx ${load.non2xx}`,
      budget: "0 errors (no throughput budget)",
      pass: load.errors === 0 && load.non2xx === 0 && load.timeouts === 0,
    },
  ];
}
