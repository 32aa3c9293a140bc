import os from "node:os";
import autocannon from "autocannon";
import { progress, withTimeout } from "./log";

/** The one load shape every HTTP measurement uses: 200 connections, no pipelining, ~15 s. */
export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 200),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 15),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
};

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  /** CPU time the server process used per answered request (NaN when not sampled). */
  cpuMsPerRequest: number;
};

export type LoadTarget = {
  label: string;
  url: string;
  method: "GET" | "POST";
  /** Headers of every request (a body adds its content type). */
  headers?: Record<string, string>;
  /** Builds the next request body (a unique one per request); undefined for a GET. */
  body?: () => { body: string; key: string };
  /** Called with the key of every request that got a 2xx answer. */
  onOk?: (key: string) => void;
  durationSeconds: number;
  connections?: number;
  /** Reads the server's CPU seconds so far (sampled before and after the load). */
  cpuSeconds?: () => number;
};

type Context = { key?: string };

/** Runs autocannon in this process (bounded in time) and summarises the result. */
export async function runLoad(target: LoadTarget): Promise<LoadResult> {
  const { body, onOk } = target;
  const request: autocannon.Request = {
    method: target.method,
    headers: { ...target.headers, ...(body && { "content-type": "application/json" }) },
  };
  if (body) {
    request.setupRequest = (current, context) => {
      const next = body();
      (context as Context).key = next.key;
      return { ...current, body: next.body };
    };
  }
  if (onOk) {
    request.onResponse = (status, _body, context) => {
      const { key } = context as Context;
      if (status >= 200 && status < 300 && key) onOk(key);
    };
  }
  const run = new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections: target.connections ?? LOAD.connections,
        pipelining: 1,
        duration: target.durationSeconds,
        timeout: 10,
        requests: [request],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  progress(
    `load ${target.label}: ${target.durationSeconds} s × ${target.connections ?? LOAD.connections} connections`,
  );
  const cpuBefore = target.cpuSeconds?.() ?? Number.NaN;
  const result = await withTimeout(`load ${target.label}`, (target.durationSeconds + 30) * 1000, run);
  const cpuAfter = target.cpuSeconds?.() ?? Number.NaN;
  const summary: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
    cpuMsPerRequest: ((cpuAfter - cpuBefore) * 1000) / Math.max(result["2xx"] + result.non2xx, 1),
  };
  progress(
    `  ${target.label}: ${summary.requestsPerSecond.toFixed(0)} req/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, ` +
      `2xx ${summary.ok}, non-2xx ${summary.non2xx}, errors ${summary.errors}, ` +
      `server CPU ${summary.cpuMsPerRequest.toFixed(3)} ms/request (load average ${(os.loadavg()[0] ?? 0).toFixed(2)})`,
  );
  return summary;
}
