// autocannon, bounded in time, with the status codes counted so a page that errors cannot pass as fast.
import autocannon from "autocannon";

/**
 * Loads one URL for `duration` seconds with `connections` concurrent keep-alive clients and returns
 * the numbers the report needs. Only responses with the expected status count as successes;
 * req/s is successes divided by the measured time. `eachResponse(statusCode, ms)` hears every answer.
 */
export async function measure({
  url,
  connections,
  duration,
  method = "GET",
  headers = {},
  body,
  expectStatus = 200,
  bodyFor,
  requests,
  setupClient,
  eachResponse,
}) {
  const statuses = new Map();
  const latencies = [];
  const instance = autocannon({
    url,
    connections,
    duration,
    method,
    headers,
    body,
    // A fresh body per request (the sign-in flood's unknown emails); autocannon sizes each one.
    ...(bodyFor ? { requests: [{ setupRequest: (request) => ({ ...request, body: bodyFor() }) }] } : {}),
    // A sequence each connection repeats (the checkout flow: three Add to Cart posts, then Place Order).
    ...(requests ? { requests } : {}),
    // Per connection, once (the checkout flow gives each connection its own customer's cookie).
    ...(setupClient ? { setupClient } : {}),
    timeout: 10,
    // Stops by itself after `duration`; this bounds a stuck run too.
    excludeErrorStats: false,
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    latencies.push(responseTime);
    eachResponse?.(statusCode, responseTime);
  });
  const result = await instance;
  const seconds = result.duration || duration;
  const ok = statuses.get(expectStatus) ?? 0;
  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  return {
    url,
    method,
    connections,
    seconds,
    ok,
    total,
    unexpected: total - ok,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: Object.fromEntries(statuses),
    rps: ok / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    latencies,
    bytes: result.throughput.total,
    bytesPerResponse: total ? Math.round(result.throughput.total / total) : 0,
  };
}

export function percentile(values, fraction) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** Several runs of the same page (one per round) as one measurement: totals summed, percentiles over every response. */
export function combine(runs) {
  const statuses = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  const sum = (field) => runs.reduce((total, run) => total + run[field], 0);
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = sum("seconds");
  const total = sum("total");
  return {
    url: runs[0].url,
    method: runs[0].method,
    connections: runs[0].connections,
    seconds,
    ok: sum("ok"),
    total,
    unexpected: sum("unexpected"),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
    statuses,
    rps: sum("ok") / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    bytesPerResponse: total ? Math.round(sum("bytes") / total) : 0,
    rounds: runs.map((run) => run.rps),
    ...cpuFigures(runs),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server has finished what it was given (its CPU time stops moving), at most maxMs. */
export async function settle(server, { quietMs = 150, maxMs = 5000 } = {}) {
  let last = server.cpuSeconds();
  if (last === null) return sleep(500);
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await sleep(quietMs);
    const now = server.cpuSeconds();
    if (now - last < 0.015) return;
    last = now;
  }
}

/**
 * measure(), plus what it cost the server: its CPU time from before the first request until it has
 * answered the last one (the requests still in flight when autocannon stops included), divided by
 * the requests its own log says it completed. Two figures: the main thread's (the event loop), which
 * for a single-threaded server working flat out is what sets the throughput, 1 / (CPU seconds per
 * request); and every thread's, which adds V8's garbage collector and compiler helpers and libuv's
 * pool, working beside it on the other core. On a shared machine, wall-clock req/s moves with
 * whatever else runs; CPU time per request moves much less, though it too grows when the cores are
 * crowded (caches shared with other processes), which is why pages are compared within a run.
 */
export async function measureOnServer(server, options) {
  await settle(server);
  const cpu0 = server.cpuSeconds();
  const main0 = server.mainThreadCpuSeconds();
  const log0 = server.logBytes();
  const result = await measure(options);
  await settle(server);
  const cpu1 = server.cpuSeconds();
  const main1 = server.mainThreadCpuSeconds();
  const log1 = server.logBytes();
  const urlPath = new URL(options.url).pathname;
  const served = server.served(log0, log1, options.method ?? "GET", urlPath) ?? result.total;
  const difference = (before, after) => (before === null || after === null ? null : after - before);
  return {
    ...result,
    cpuSeconds: difference(main0, main1),
    allThreadsCpuSeconds: difference(cpu0, cpu1),
    served,
  };
}

/** A short unmeasured run first: JIT, SQLite page cache and connection setup out of the way. */
export async function warmUp(options, seconds) {
  if (seconds > 0) await measure({ ...options, duration: seconds });
}

/**
 * Server CPU per request and the throughput it implies, over one or more measured runs: cpuMs and
 * cpuRps from the main thread, allThreadsCpuMs from the whole process.
 */
export function cpuFigures(runs) {
  if (runs.some((run) => run.cpuSeconds === null || run.cpuSeconds === undefined))
    return { cpuMs: null, cpuRps: null, allThreadsCpuMs: null, cpuRounds: [] };
  const sum = (field) => runs.reduce((total, run) => total + (run[field] ?? 0), 0);
  const cpuSeconds = sum("cpuSeconds");
  const allThreadsCpuSeconds = sum("allThreadsCpuSeconds");
  const served = sum("served");
  return {
    cpuSeconds,
    allThreadsCpuSeconds,
    served,
    cpuMs: served ? (cpuSeconds * 1000) / served : null,
    allThreadsCpuMs: served ? (allThreadsCpuSeconds * 1000) / served : null,
    cpuRps: cpuSeconds ? served / cpuSeconds : null,
    cpuRounds: runs.map((run) => (run.cpuSeconds ? run.served / run.cpuSeconds : null)),
  };
}
