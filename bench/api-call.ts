import { signIn } from "./lib/app";
import { groupCpuSeconds } from "./lib/cpu";
import { LOAD, type LoadResult, runLoad } from "./lib/load";
import { fixed, integer, type Row } from "./lib/report";

/**
 * What one signed-in API call costs the app: GET /api/stores/:storeId/popups (the session read, the
 * permission check, the store's popups) through the whole React Router stack, after a warm-up.
 * docs/decisions/198.
 */
export async function measureApiCall(options: {
  origin: string;
  appGroup: number;
  storeId: string;
}): Promise<LoadResult> {
  const { origin, storeId } = options;
  const target = {
    label: "signed-in API call (app)",
    url: `${origin}/api/stores/${storeId}/popups`,
    method: "GET" as const,
    headers: { cookie: await signIn(origin) },
    cpuSeconds: () => groupCpuSeconds(options.appGroup),
  };
  if (LOAD.warmupSeconds > 0)
    await runLoad({ ...target, label: `${target.label} warm-up`, durationSeconds: LOAD.warmupSeconds });
  return runLoad({ ...target, durationSeconds: LOAD.durationSeconds });
}

export const apiCallRows = (load: LoadResult): Row[] => [
  {
    measure: "Signed-in API call GET /api/stores/:id/popups, app",
    result:
      `${integer(load.requestsPerSecond)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
      `${fixed(load.cpuMsPerRequest, 2)} CPU ms/req, errors ${load.errors}, non-2xx ${load.non2xx}`,
    budget: "0 errors (no throughput budget)",
    pass: load.errors === 0 && load.timeouts === 0 && load.non2xx === 0,
  },
];
