// Searches meant to hurt (issue 24): what a careless script or an attacker sends to the catalog and
// the API, at 4 connections on the store with the page cache off, while one connection polls
// /healthz. Since better-sqlite3 is synchronous, a search that takes long holds every other request
// up, so the budget is on the slowest search and on /healthz meanwhile, and the server's own
// event-loop delay over the same time is reported beside them.
import { Worker } from "node:worker_threads";

import { log } from "../../lib/run.mjs";
import { prng } from "../lib/prng.mjs";
import { fmt } from "../lib/report.mjs";

export const ADVERSARIAL_CONNECTIONS = 4;
export const HEALTHZ_CONNECTIONS = 1;
const SPEC_PARAMETERS = 300;
/** The most spec values and specs the catalog answers (MAX_SPEC_CHOICES, MAX_CHOSEN_SPECS); past them, a 400. */
const SPEC_CHOICES_ANSWERED = 50;
const CHOSEN_SPECS_ANSWERED = 12;
const LONG_QUERY = 200;

/**
 * The 50 searches, by kind: each entry makes its URL afresh from `random` on every request, so that
 * where the kind allows it, every request is a search nobody asked before (as an attacker's would
 * be: a kept answer would make a repeat cheap). `words` are catalog words, `catalogPages` the last
 * page of /items, `deepest` the deepest page and API offset the app reads (catalog-asks.ts), `items`
 * the parts in the catalog.
 */
export function adversarialSet({ words, catalogPages, deepest, items }) {
  const random = prng(24);
  const below = (n) => Math.floor(random() * n);
  const between = (low, high) => low + below(high - low + 1);
  const letters = (count) => Array.from({ length: count }, () => String.fromCharCode(97 + below(26))).join("");
  const anyOf = (values) => values[below(values.length)];
  const q = (text) => new URLSearchParams({ q: text }).toString();
  /** Terms from `term()` joined by spaces, up to `length` characters. */
  const upTo = (length, term) => {
    let text = term();
    for (let next = term(); text.length + 1 + next.length <= length; next = term()) text += ` ${next}`;
    return text;
  };
  const specs = (count, name) =>
    Array.from({ length: count }, () => `spec=${encodeURIComponent(`${name()}:${between(1, 400)}`)}`).join("&");
  const gearSpecName = () => anyOf(["Bore", "Module", "Teeth", "Face width", "Pressure angle"]);
  /** Within the last tenth of what the app reads: the dearest pages it answers. */
  const deepest90 = (bound) => between(Math.ceil(bound * 0.9), bound);
  const lastTenth = () => between(Math.floor(items * 0.9), Math.max(0, items - 1));

  const kinds = [
    {
      kind: "single",
      label: "Single letters",
      make: [
        ...Array.from({ length: 8 }, () => () => `/items?${q(letters(1))}`),
        ...Array.from({ length: 2 }, () => () => `/api/item?${q(letters(1))}`),
      ],
    },
    {
      kind: "ten-short",
      label: "Ten short terms",
      make: [
        () => `/items?${q("a b c d e f g h i j")}`,
        ...Array.from({ length: 3 }, () => () => `/items?${q(Array.from({ length: 10 }, () => letters(1)).join(" "))}`),
        () => `/items?${q(Array.from({ length: 10 }, () => letters(2)).join(" "))}`,
        () => `/api/item?${q(Array.from({ length: 10 }, () => letters(between(1, 2))).join(" "))}`,
      ],
    },
    {
      kind: "two-three",
      label: "Random 2–3 letter terms",
      make: [
        ...Array.from({ length: 6 }, () => () => `/items?${q(letters(between(2, 3)))}`),
        ...Array.from({ length: 3 }, () => () => `/items?${q(upTo(12, () => letters(between(2, 3))))}`),
        ...Array.from({ length: 3 }, () => () => `/api/item?${q(letters(between(2, 3)))}`),
      ],
    },
    {
      kind: "long",
      label: `${LONG_QUERY}-character queries`,
      make: [
        () => `/items?${q(upTo(LONG_QUERY, () => anyOf(words)))}`,
        () => `/items?${q(upTo(LONG_QUERY, () => letters(between(3, 8))))}`,
        () => `/items?${q(upTo(LONG_QUERY, () => `${between(1, 400)}${anyOf(["mm", " mm", "bar", "t", "x20", ""])}`))}`,
        () => `/items?${q(upTo(LONG_QUERY, () => `gw-${letters(2)}-${between(1, 9999)}`))}`,
        () => `/items?${q(letters(LONG_QUERY))}`,
        () => `/api/item?${q(upTo(LONG_QUERY, () => anyOf(words)))}`,
      ],
    },
    {
      kind: "deep",
      label: "Deep pages and offsets",
      make: [
        ...Array.from({ length: 2 }, () => () => `/items?page=${deepest90(deepest.page)}`),
        () => `/items?page=${between(deepest.page + 1, catalogPages + 1000)}`,
        () => `/items?${q(anyOf(words))}&page=${between(50, 1000)}`,
        () => `/items?${q(letters(1))}&page=${between(100, 5000)}`,
        () => `/api/item?q=s&offset=${Math.max(0, items - 1000)}`,
        () => `/api/item?offset=${deepest90(deepest.offset)}`,
        () => `/api/item?offset=${lastTenth()}`,
        () => `/api/item?${q(anyOf(words))}&offset=${deepest90(deepest.offset)}`,
      ],
    },
    {
      kind: "specs",
      label: `${SPEC_CHOICES_ANSWERED} and ${SPEC_PARAMETERS} spec parameters`,
      // As many as the catalog answers (each one a condition it applies), and far more (refused).
      make: [
        ...Array.from({ length: 2 }, () => () => `/items?category=gears&${specs(SPEC_CHOICES_ANSWERED, gearSpecName)}`),
        () => `/items?category=gears&${specs(SPEC_CHOICES_ANSWERED, () => "Bore")}`,
        () => `/items?category=gears&${specs(CHOSEN_SPECS_ANSWERED, () => letters(between(3, 10)))}`,
        () => `/items?${q(anyOf(words))}&category=gears&${specs(SPEC_CHOICES_ANSWERED, gearSpecName)}`,
        () => `/items?category=gears&${specs(SPEC_PARAMETERS, gearSpecName)}`,
        () => `/items?${specs(SPEC_PARAMETERS, gearSpecName)}`,
      ],
    },
  ];
  return kinds.flatMap(({ kind, label, make }) => make.map((path) => ({ kind, label, path })));
}

/** One kind's answers: how many, their statuses, and their latency. */
export function figuresOf(latencies, statuses) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (fraction) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] : 0;
  return { requests: sorted.length, statuses, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted.at(-1) : 0 };
}

/**
 * The set at ADVERSARIAL_CONNECTIONS for `config.duration` seconds (after `config.warmup` unmeasured),
 * /healthz polled by HEALTHZ_CONNECTIONS meanwhile, and the server's event-loop delay over the same
 * time; `wordSearches`, `catalogPages` and `deepest` come from catalog-asks.ts. Returns each kind's
 * figures, all of them together, /healthz's and the delay.
 */
export async function measureAdversarial(server, { config, wordSearches, catalogPages, deepest }) {
  const words = [
    ...new Set(wordSearches.flatMap((path) => new URL(path, server.origin).searchParams.get("q").split(" "))),
  ];
  log(
    `Adversarial searches: 50 at ${ADVERSARIAL_CONNECTIONS} connections for ${config.duration} s, /healthz polled meanwhile`,
  );
  // The client runs in a worker thread: its own heap, so the figures the run has gathered so far
  // (and the garbage collections they cost the bench's own thread) cannot delay its readings.
  const client = new Worker(new URL("./adversarial-client.mjs", import.meta.url), {
    workerData: { origin: server.origin, config, words, catalogPages, deepest },
  });
  const messages = [];
  let wake = () => {};
  client.on("message", (message) => {
    messages.push(message);
    wake();
  });
  const failed = new Promise((_resolve, reject) => {
    client.once("error", reject);
    client.once("exit", (code) => reject(new Error(`the adversarial client stopped (exit ${code})`)));
  });
  const nextMessage = async () => {
    while (!messages.length) await Promise.race([new Promise((resolve) => (wake = resolve)), failed]);
    return messages.shift();
  };
  let result;
  try {
    await nextMessage(); // warmed up
    const cpu0 = server.mainThreadCpuSeconds();
    const log0 = server.logBytes();
    server.eventLoopDelay.start();
    client.postMessage("measure");
    const { kinds, attack, healthz, clientDelay } = await nextMessage();
    const eventLoopDelay = await server.eventLoopDelay.read();
    const cpu1 = server.mainThreadCpuSeconds();
    result = {
      kinds,
      attack,
      healthz,
      eventLoopDelay,
      clientDelay,
      serverSlowest: slowestLogged(server, log0),
      // The main thread's CPU over the measured time: how busy the attack kept the event loop.
      mainThreadBusy: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / attack.seconds,
    };
  } finally {
    failed.catch(() => {});
    await client.terminate();
  }
  const { kinds, healthz, eventLoopDelay, serverSlowest } = result;
  for (const row of kinds) {
    console.log(
      `  ${row.label.padEnd(42)} ${fmt.int(row.requests).padStart(7)} answers  p99 ${fmt.ms(row.p99).padStart(5)} ms  max ${fmt.ms(row.max).padStart(5)} ms  ${JSON.stringify(row.statuses)}`,
    );
  }
  console.log(
    `  /healthz meanwhile: p99 ${fmt.ms(healthz.p99)} ms, max ${fmt.ms(result.healthz.max)} ms; event-loop delay ` +
      (eventLoopDelay
        ? `p99 ${fmt.ms(eventLoopDelay.p99Ms)} ms, max ${fmt.ms(eventLoopDelay.maxMs)} ms`
        : "not reported") +
      (serverSlowest === null ? "" : `; the server's own slowest answer ${fmt.ms(serverSlowest)} ms`) +
      `; the client's own event-loop delay max ${fmt.ms(result.clientDelay.maxMs)} ms`,
  );
  return result;
}

/**
 * The longest time the server's access log records for an answer of the attack since `from` (its
 * own clock, from the request read to the answer sent): beside the client's latencies, it tells a
 * slow answer from one the loader on the same cores (autocannon, the /healthz poller) read late.
 */
function slowestLogged(server, from) {
  let slowest = null;
  const lines = server.logBytes() > from ? server.logText(from, server.logBytes()).split("\n") : [];
  for (const line of lines) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line);
    if (entry.path === "/healthz" || typeof entry.durationMs !== "number") continue;
    slowest = Math.max(slowest ?? 0, entry.durationMs);
  }
  return slowest;
}
