// What the soak run checks, from what it recorded, and how it writes it down: a section of
// docs/benchmarks.md and a memory-over-time plot (docs/soak-memory.svg).
import fs from "node:fs";
import path from "node:path";

import { percentile } from "../bench/lib/load.mjs";
import { fmt, machineLine, table, writeSection } from "../bench/lib/report.mjs";
import { root } from "../lib/run.mjs";

const MINUTE = 60_000;
/** A kind's p99 is compared only over windows with this many answers: fewer make a p99 of chance. */
const P99_SAMPLES = 200;
const P99_RATIO = 1.5;
const MEMORY_TOLERANCE = 0.1;
/** How often the run reads each server's memory (scripts/soak/soak.mjs). */
export const MEMORY_SAMPLE_SECONDS = 5;
export const PLOT_FILE = path.join(root, "docs", "soak-memory.svg");

const inKill = (kills, at) => kills.some((kill) => at >= kill.from && at <= (kill.to || Infinity));
const ms = (value) => `${fmt.ms(value)} ms`;
const mb = (bytes) => (Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(1) : "–");

/** p99 per kind in the first five minutes (a fifth of a shorter run) and in each later window of that length. */
function latencyWindows({ records, kills, began, minutes }) {
  const windowMs = Math.min(5, minutes / 5) * MINUTE;
  const kinds = [...new Set(records.map((entry) => entry.kind))].sort();
  const rows = [];
  const problems = [];
  for (const kind of kinds) {
    const ofKind = records.filter((entry) => entry.kind === kind && entry.status > 0 && !inKill(kills, entry.at));
    const windows = [];
    for (let from = began; from < began + minutes * MINUTE - 1; from += windowMs) {
      const latencies = ofKind
        .filter((entry) => entry.at >= from && entry.at < from + windowMs)
        .map((entry) => entry.ms);
      windows.push({ count: latencies.length, p99: percentile(latencies, 0.99) });
    }
    const [first, ...later] = windows;
    const worst = later.reduce((max, window) => (window.count >= P99_SAMPLES && window.p99 > max.p99 ? window : max), {
      p99: 0,
      count: 0,
    });
    const checked = first.count >= P99_SAMPLES;
    const ratio = checked && first.p99 > 0 ? worst.p99 / first.p99 : null;
    if (ratio !== null && ratio > P99_RATIO) {
      problems.push(
        `${kind}: p99 ${ms(worst.p99)} in a later window, ${ratio.toFixed(2)}× its first (${ms(first.p99)})`,
      );
    }
    rows.push([
      kind,
      String(ofKind.length),
      ms(first.p99),
      later.length ? ms(worst.p99 || Math.max(...later.map((window) => window.p99))) : "–",
      ratio === null ? "not checked (few)" : `${ratio.toFixed(2)}×`,
    ]);
  }
  return { rows, problems, windowMinutes: windowMs / MINUTE };
}

/**
 * A process's memory level over a window of its samples: the median of its RSS, and the least heap a
 * full collection left. A single reading is a moment: a collection in the middle of a PDF or a
 * 500-row page counts the work in flight as held (readings a minute apart moved 20% with nothing
 * leaking). What the process holds with nothing in flight is the floor, and a leak lifts the floor.
 */
function levelOf(samples) {
  const median = (pick) => {
    const values = samples.map(pick).filter(Number.isFinite);
    return values.length ? percentile(values, 0.5) : NaN;
  };
  const heaps = samples.map((sample) => sample.heap).filter((heap) => Number.isFinite(heap) && heap > 0);
  return {
    at: samples[0].at,
    rss: median((sample) => sample.rss),
    heap: heaps.length ? Math.min(...heaps) : NaN,
    heapTotal: median((sample) => sample.heapTotal),
    spaces: Object.fromEntries(
      Object.keys(samples[0].spaces ?? {}).map((space) => [space, median((sample) => sample.spaces?.[space])]),
    ),
    external: median((sample) => sample.external),
    requests: requestsBetween(samples[0], samples.at(-1)),
  };
}

/** A process's requests by route between two of its samples (its /metrics counters count from its start). */
function requestsBetween(first, last) {
  const counts = {};
  for (const [route, count] of Object.entries(last.requests ?? {})) {
    counts[route] = count - (first.requests?.[route] ?? 0);
  }
  return counts;
}

/**
 * Where a process's furthest RSS level stood against its base: V8's heap as held from the system and
 * the memory outside it, and the routes it answered most more often than in its base window.
 */
function furthestLevel(life, base, later) {
  const furthest = later.reduce((most, level) =>
    Math.abs(level.rss / base.rss - 1) > Math.abs(most.rss / base.rss - 1) ? level : most,
  );
  const routes = Object.entries(furthest.requests)
    .map(([route, count]) => [route, count - (base.requests[route] ?? 0), count])
    .filter(([, more]) => more > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([route, more, count]) => `${route.replace(/^routes\//, "")} ${count} (+${more})`);
  const minute = Math.round((furthest.at - life.startedAt) / MINUTE);
  const spaces = Object.keys(furthest.spaces)
    .map((space) => `${space} ${mb(furthest.spaces[space])} (${mb(base.spaces[space])})`)
    .join(", ");
  return (
    `app ${life.server} (pid ${life.pid}), from minute ${minute} of its life: RSS ${mb(furthest.rss)} MB (base ${mb(base.rss)}); ` +
    `V8 heap held ${mb(furthest.heapTotal)} (${mb(base.heapTotal)})${spaces ? `, by space ${spaces}` : ""}; ` +
    `outside the heap ${mb(furthest.external)} (${mb(base.external)}); ` +
    `requests most above its base window: ${routes.join(", ") || "none"}`
  );
}

/** A life's levels, window by window from `from` (its start, or its settling), whole windows only. */
function levelsOf(life, from, windowMs) {
  const levels = [];
  const lastAt = life.samples.findLast((sample) => Number.isFinite(sample.rss))?.at ?? from;
  for (let start = from; start + windowMs <= lastAt + 1; start += windowMs) {
    const inWindow = life.samples.filter((sample) => sample.at >= start && sample.at < start + windowMs);
    if (!inWindow.length) break;
    levels.push(levelOf(inWindow));
  }
  return levels;
}

/** Each server process's memory level, window by window, against its own level ten minutes into its life. */
function memory({ lives, minutes }) {
  const settleMs = Math.min(10, minutes / 3) * MINUTE;
  const windowMs = Math.min(2, minutes / 15) * MINUTE;
  const problems = [];
  const rows = [];
  const furthest = [];
  for (const life of lives) {
    const settled = levelsOf(life, life.startedAt + settleMs, windowMs);
    if (settled.length < 2) {
      rows.push([`app ${life.server} (pid ${life.pid})`, "–", "–", "–", "–", "lived too short to judge"]);
      continue;
    }
    const [base, ...later] = settled;
    const drift = (field) =>
      Math.max(...later.map((level) => Math.abs(level[field] / base[field] - 1)).filter(Number.isFinite), 0);
    const last = settled.at(-1);
    furthest.push(furthestLevel(life, base, later));
    for (const field of ["rss", "heap"]) {
      if (drift(field) > MEMORY_TOLERANCE) {
        problems.push(
          `app ${life.server} (pid ${life.pid}): ${field} moved ${(drift(field) * 100).toFixed(1)}% from its level at minute ${settleMs / MINUTE} of its life`,
        );
      }
    }
    rows.push([
      `app ${life.server} (pid ${life.pid})`,
      `${mb(base.rss)} → ${mb(last.rss)}`,
      `${(drift("rss") * 100).toFixed(1)}%`,
      `${mb(base.heap)} → ${mb(last.heap)}`,
      `${(drift("heap") * 100).toFixed(1)}%`,
      `${Math.round((last.at + windowMs - life.startedAt) / MINUTE)} min`,
    ]);
  }
  return { rows, problems, furthest, settleMinutes: settleMs / MINUTE, windowMs };
}

/** Every check the run is held to, and the text that says how each went. */
export function analyse(run) {
  const { records, kills, outbox, live, restored, backup, failures } = run;
  const serverErrors = records.filter(
    (entry) => (entry.status >= 500 || entry.status === 0) && !inKill(kills, entry.at),
  );
  const duringKills = records.filter((entry) => (entry.status >= 500 || entry.status === 0) && inKill(kills, entry.at));
  const latency = latencyWindows(run);
  const mem = memory(run);
  const checks = [
    [
      "no 5xx (or failed connection) outside a kill's window",
      serverErrors.length === 0,
      `${serverErrors.length} outside, ${duringKills.length} during ${kills.length} kills`,
    ],
    [
      `p99 per kind within ${P99_RATIO}× its first ${latency.windowMinutes} minutes`,
      latency.problems.length === 0,
      latency.problems.join("; ") || "all within",
    ],
    [
      `memory (RSS and heap after a full collection) within ${MEMORY_TOLERANCE * 100}% of its level at minute ${mem.settleMinutes}`,
      mem.problems.length === 0,
      mem.problems.join("; ") || "all within",
    ],
    [
      "the outbox drained",
      outbox.unsent === 0 && outbox.failed === 0,
      `${outbox.unsent} unsent, ${outbox.failed} failed, ${outbox.delivered} delivered`,
    ],
    ["stock, allocations, order lines and invoices add up", live.ok, live.output.split("\n").slice(-3).join(" ")],
    [
      "the halfway backup restores and passes npm run restore's checks",
      Boolean(backup?.ok) && restored.ok,
      restored.output.split("\n").slice(-2).join(" "),
    ],
  ];
  const ok = checks.every(([, passed]) => passed);
  const statuses = {};
  const kindStatuses = {};
  for (const entry of records) {
    statuses[entry.status] = (statuses[entry.status] ?? 0) + 1;
    const kind = (kindStatuses[entry.kind] ??= {});
    kind[entry.status] = (kind[entry.status] ?? 0) + 1;
  }
  const byKind = {};
  for (const entry of serverErrors) {
    const key = `${entry.kind} ${entry.status}${entry.error ? ` ${entry.error}` : ""}`;
    byKind[key] = (byKind[key] ?? 0) + 1;
  }
  const text = [
    `Soak: ${run.minutes} minutes, ${records.length} requests (${Object.entries(statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(
        ", ",
      )}), ${kills.length} kills, ${failures.length} rounds that threw${failures.length ? ` (first: ${failures[0]})` : ""}`,
    ...checks.map(([name, passed, detail]) => `${passed ? "PASS" : "FAIL"} ${name}: ${detail}`),
    ...(serverErrors.length ? [`5xx and failures outside kills, by kind: ${JSON.stringify(byKind)}`] : []),
    ...mem.furthest.map((line) => `furthest memory level of ${line}`),
    `answers by kind: ${JSON.stringify(kindStatuses)}`,
  ].join("\n");
  return { ...run, checks, latency, memory: mem, statuses, kindStatuses, ok, text };
}

/** The plot: each server process's RSS (solid) and heap after a collection (dashed), levels over the run's minutes. */
function memoryPlot({ lives, began, minutes, memory: { windowMs } }) {
  const width = 760;
  const height = 320;
  const pad = { left: 56, right: 150, top: 20, bottom: 36 };
  const levels = new Map(lives.map((life) => [life, levelsOf(life, life.startedAt, windowMs)]));
  const values = [...levels.values()]
    .flatMap((each) => each.flatMap((level) => [level.rss, level.heap]))
    .filter(Number.isFinite);
  const top = Math.max(...values, 1) * 1.1;
  const x = (at) => pad.left + ((at - began) / (minutes * MINUTE)) * (width - pad.left - pad.right);
  const y = (bytes) => pad.top + (1 - bytes / top) * (height - pad.top - pad.bottom);
  const colours = ["#1d4ed8", "#b45309", "#15803d"];
  const lines = lives.flatMap((life) =>
    ["rss", "heap"].map((field) => {
      const points = levels
        .get(life)
        .filter((level) => Number.isFinite(level[field]))
        .map((level) => `${x(level.at).toFixed(1)},${y(level[field]).toFixed(1)}`);
      const dash = field === "heap" ? ' stroke-dasharray="5 3"' : "";
      return points.length > 1
        ? `<polyline fill="none" stroke="${colours[(life.server - 1) % 3]}" stroke-width="1.5"${dash} points="${points.join(" ")}"/>`
        : "";
    }),
  );
  const ticks = Array.from({ length: 5 }, (_, index) => (top / 1.1) * (index / 4));
  const axis = ticks.map(
    (bytes) =>
      `<text x="${pad.left - 6}" y="${y(bytes) + 4}" text-anchor="end">${mb(bytes)}</text><line x1="${pad.left}" x2="${width - pad.right}" y1="${y(bytes)}" y2="${y(bytes)}" stroke="#e2e8f0"/>`,
  );
  const minuteTicks = Array.from({ length: 7 }, (_, index) => (minutes * index) / 6).map(
    (minute) =>
      `<text x="${x(began + minute * MINUTE)}" y="${height - 14}" text-anchor="middle">${Math.round(minute)}</text>`,
  );
  const legend = [1, 2, 3].map(
    (server, index) =>
      `<text x="${width - pad.right + 12}" y="${pad.top + 16 + index * 18}" fill="${colours[index]}">app ${server}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11" role="img" aria-label="Memory of each app server over the soak run">
<rect width="100%" height="100%" fill="#fff"/>
${axis.join("\n")}
${minuteTicks.join("\n")}
<text x="${(pad.left + width - pad.right) / 2}" y="${height - 2}" text-anchor="middle">minutes</text>
<text x="12" y="${pad.top - 6}">MB</text>
${lines.join("\n")}
${legend.join("\n")}
<text x="${width - pad.right + 12}" y="${pad.top + 80}">— RSS</text>
<text x="${width - pad.right + 12}" y="${pad.top + 96}">- - heap after GC</text>
</svg>
`;
}

export function writeReport(result) {
  fs.writeFileSync(PLOT_FILE, memoryPlot(result));
  const body = `## Soak

\`npm run soak\` (scripts/soak/): three app servers behind nginx (deploy/nginx/storefront.conf) on
PostgreSQL, ${result.minutes} minutes of a shop's mixed day through nginx: anonymous browsing and
search, buyers filling carts and checking out (every part takes backorders), a quote asked for,
priced and accepted, staff shipping the oldest order and importing a price list's rules file back,
buyers downloading invoice PDFs. One app server is killed (\`kill -9\`) and restarted every
${Math.round(Math.min(10, result.minutes / 3))} minutes, app 1 never; a backup is taken halfway.
Run on ${machineLine()}, ${new Date(result.began).toISOString().slice(0, 16)}Z.

${result.records.length} requests; answers by status: ${Object.entries(result.statuses)
    .map(([status, count]) => `${status === "0" ? "no answer" : status} ${count}`)
    .join(", ")}.

${table(
  ["Check", "Result", "Detail"],
  result.checks.map(([name, passed, detail]) => [name, passed ? "pass" : "**fail**", detail]),
)}

p99 per kind of request, outside the kills' windows, first ${result.latency.windowMinutes} minutes against
the worst later window of that length:

${table(["Kind", "Answers", "p99 first", "p99 worst later", "Ratio"], result.latency.rows)}

Memory of each app server process, read every ${MEMORY_SAMPLE_SECONDS} s and judged by its level over
each ${Number((result.memory.windowMs / MINUTE).toFixed(1))}-minute window (RSS: the median; heap: the least a full
collection left, so that work in flight at a collection does not count as held), from
${result.memory.settleMinutes} minutes into its life to its last window (the largest move from that
level beside each):

${table(["Process", "RSS (MB)", "Moved", "Heap after GC (MB)", "Moved", "Lived"], result.memory.rows)}

Each process's window furthest from its base level, with what stood beside its RSS there (the base
window's figure in brackets; requests counted in that window):

${result.memory.furthest.map((line) => `- ${line}`).join("\n")}

![Memory of each app server over the run: RSS solid, heap after a full collection dashed](soak-memory.svg)
`;
  writeSection("soak", body);
}
