// The report's opening (the machine, the catalog, the columns) and the page sections: every page,
// their latency with a few buyers, and growth with the catalog. Each returns its Markdown lines.
import { fmt, machineLine, table } from "../lib/report.mjs";
import { GROWTH_PAIRS } from "../scenarios/growth.mjs";
import { LATENCY_CONNECTIONS } from "../scenarios/latency.mjs";
import { both, ratio, showRatio, showTimes } from "./ratios.mjs";

export function opening(info) {
  const { machine: m, config: c } = info;
  return [
    `## Latest run: ${m.date}`,
    "",
    `Machine: ${machineLine(m)}, ${m.platform}. ` +
      `Load average (1/5/15 min) at start ${info.loadAtStart}, at the end ${info.finishedLoad}. ` +
      `autocannon with ${c.connections} connections from the same machine; each page warmed up for ${c.warmup} s, then measured for ` +
      `${c.duration} s in ${c.rounds} rounds of ${c.slice} s (every page once per round, so drift hits all pages alike; ` +
      `each slice after ${c.sliceWarmup} s of unmeasured load); ` +
      `orders measured for ${c.duration} s. The whole run took ${info.elapsed}.`,
    "",
    `Catalog: ${fmt.int(c.items)} items and ${fmt.int(c.reviews)} reviews, generated in ${info.seed.large.seconds} s ` +
      `(${fmt.int(info.seed.large.bytes / 1024 / 1024)} MB of SQLite), served by the store's own server (\`build/start.js\`, one ` +
      `process) twice: with the page cache as shipped and with \`PAGE_CACHE_SECONDS=0\`; the growth comparison runs a third ` +
      `server on ${fmt.int(c.smallItems)} items and ${fmt.int(c.smallItems * 5)} reviews with the cache off. The yardsticks, measured ` +
      "in the same rounds: a bare Remix app of the same version (`scripts/bench/baseline`: a root with Meta, Links, Scripts and " +
      "ScrollRestoration, one index route whose loader returns 20 items, and one resource route) served by remix-serve, and a " +
      "`node:http` hello.",
    "",
    "Columns: *req/s* is what autocannon got (wall clock); *CPU ms/req* is the server's main thread's CPU time (the " +
      "event loop; user + system, from /proc) over the requests its own log says it answered; *req/s per CPU-s* is its " +
      "inverse, the throughput of the process working flat out; *all threads* adds the helper threads (V8's garbage " +
      "collector and compiler, libuv's pool, and the catalog's read worker, where a search's and a filter's SQL runs: " +
      "decision 36), which work beside the event loop on the other core. On a quiet machine " +
      "the two ratios agree; when other jobs share the cores, the CPU figures are the steadier ones (CPU time per " +
      "request grows too on crowded cores, but alike for every page of a round). Ratios are against the bare Remix " +
      "document route.",
  ];
}

export function pagesSection(results) {
  const bareDoc = results["bare-doc"];
  const rows = Object.entries(results).map(([name, r]) => [
    r.label,
    `\`${r.path}\``,
    r.catalog === null ? "–" : fmt.int(r.catalog),
    fmt.int(r.rps),
    fmt.ms(r.p50),
    fmt.ms(r.p99),
    r.cpuMs ? r.cpuMs.toFixed(2) : "–",
    r.allThreadsCpuMs ? r.allThreadsCpuMs.toFixed(2) : "–",
    r.cpuRps ? fmt.int(r.cpuRps) : "–",
    name === "bare-doc" ? "1.00×" : showTimes(ratio(r.rps, bareDoc?.rps)),
    name === "bare-doc" ? "1.00×" : showTimes(ratio(r.cpuRps, bareDoc?.cpuRps)),
    fmt.kb(r.bytesPerResponse),
    r.unexpected || r.errors ? `${r.unexpected + r.errors} (${JSON.stringify(r.statuses)})` : "0",
  ]);
  const headers = [
    ...["Page", "URL", "Items", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "all threads", "req/s per CPU-s"],
    ...["vs bare Remix (req/s)", "vs bare Remix (CPU)", "Response", "Failed"],
  ];
  const lines = ["", "### Pages", "", table(headers, rows)];
  if (bareDoc) {
    lines.push(
      "",
      `The bare Remix document's rounds ran at ${bareDoc.rounds.map((value) => fmt.int(value)).join(", ")} req/s measured` +
        (bareDoc.cpuRounds.length
          ? ` and ${bareDoc.cpuRounds.map((value) => (value ? fmt.int(value) : "–")).join(", ")} req/s per CPU-second`
          : "") +
        ": the spread of the first is the machine, not the app.",
    );
  }
  return lines;
}

export function latencySection(results, info) {
  const rows = Object.values(results)
    .filter((r) => r.latency)
    .map((r) => [
      r.label,
      `\`${r.path}\``,
      fmt.int(r.latency.rps),
      fmt.ms(r.latency.p50),
      fmt.ms(r.latency.p99),
      r.latency.unexpected || r.latency.errors ? `${r.latency.unexpected + r.latency.errors}` : "0",
    ]);
  if (!rows.length) return [];
  return [
    "",
    `### Latency with ${LATENCY_CONNECTIONS} buyers at once`,
    "",
    `The catalog and search pages again, ${LATENCY_CONNECTIONS} connections instead of ${info.config.connections}, ` +
      "in the same rounds and slices: what a buyer waits when the server is not saturated. The search budgets' p99 is read here.",
    "",
    table(["Page", "URL", "req/s", "p50 ms", "p99 ms", "Failed"], rows),
  ];
}

export function growthSection(results, info) {
  const { items, smallItems } = info.config;
  const pairs = GROWTH_PAIRS.map((pair) => ({
    ...pair,
    smallRun: results[pair.small],
    largeRun: results[pair.large],
  })).filter(({ smallRun, largeRun }) => smallRun && largeRun);
  if (!pairs.length) return [];
  const rows = pairs.map(({ label, smallRun, largeRun }) => {
    const pair = both(largeRun, smallRun);
    return [
      label,
      fmt.int(smallRun.rps),
      fmt.int(largeRun.rps),
      showRatio(pair.wall),
      smallRun.cpuMs ? smallRun.cpuMs.toFixed(2) : "–",
      largeRun.cpuMs ? largeRun.cpuMs.toFixed(2) : "–",
      showRatio(pair.cpu),
    ];
  });
  const headers = [
    "Page",
    `req/s at ${fmt.int(smallItems)} items`,
    `req/s at ${fmt.int(items)} items`,
    "ratio (req/s)",
    `CPU ms/req at ${fmt.int(smallItems)}`,
    `CPU ms/req at ${fmt.int(items)}`,
    "ratio (CPU)",
  ];
  return ["", "### Growth with the catalog", "", table(headers, rows)];
}
