// The adversarial searches' client (scenarios/adversarial.mjs), in a worker thread of its own: it
// warms up, says so, waits for "measure" (the parent starts the server's own readings between the
// two), then loads the set and /healthz together and posts back the figures. Its own event-loop
// delay over the same time comes with them, so a reading the client took late can be told apart.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

import { measure, warmUp } from "../lib/load.mjs";
import { ADVERSARIAL_CONNECTIONS, adversarialSet, figuresOf, HEALTHZ_CONNECTIONS } from "./adversarial.mjs";

const { origin, config, words, catalogPages, deepest } = workerData;
const set = adversarialSet({ words, catalogPages, deepest, items: config.items });
if (set.length !== 50) throw new Error(`the adversarial set has ${set.length} searches, not 50`);

let next = 0;
// Which kind each connection's request was: autocannon calls onResponse with the request's context
// just before it reports the answer's latency (eachResponse), on the same connection.
let answered = null;
const requests = [
  {
    setupRequest: (request, context) => {
      const entry = set[next++ % set.length];
      context.kind = entry.kind;
      return { ...request, path: entry.path() };
    },
    onResponse: (_status, _body, context) => {
      answered = context.kind;
    },
  },
];
const url = `${origin}/items`;
await warmUp({ url, connections: ADVERSARIAL_CONNECTIONS, duration: config.warmup, requests }, config.warmup);
parentPort.postMessage("warmed");
await new Promise((resolve) => parentPort.once("message", resolve));

const byKind = new Map(set.map(({ kind }) => [kind, { latencies: [], statuses: {} }]));
const eachResponse = (status, ms) => {
  const figures = byKind.get(answered);
  if (!figures) return;
  figures.latencies.push(ms);
  figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
};
const RESOLUTION_MS = 10;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
const [attack, healthz] = await Promise.all([
  measure({ url, connections: ADVERSARIAL_CONNECTIONS, duration: config.duration, requests, eachResponse }),
  measure({ url: `${origin}/healthz`, connections: HEALTHZ_CONNECTIONS, duration: config.duration }),
]);
delay.disable();

const { latencies, ...attackFigures } = attack;
const { latencies: healthzLatencies, ...healthzFigures } = healthz;
const serverErrors = Object.entries(attack.statuses)
  .filter(([status]) => Number(status) >= 500)
  .reduce((sum, [, count]) => sum + count, 0);
const late = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
parentPort.postMessage({
  kinds: [...byKind].map(([kind, { latencies: kindLatencies, statuses }]) => ({
    kind,
    label: set.find((entry) => entry.kind === kind).label,
    searches: set.filter((entry) => entry.kind === kind).length,
    ...figuresOf(kindLatencies, statuses),
  })),
  attack: { ...attackFigures, max: latencies.length ? Math.max(...latencies) : 0, serverErrors },
  healthz: { ...healthzFigures, max: healthzLatencies.length ? Math.max(...healthzLatencies) : 0 },
  clientDelay: { p99Ms: late(delay.percentile(99)), maxMs: late(delay.max) },
});
