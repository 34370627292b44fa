import { describe, expect, test } from "vitest";

import { analyse } from "../../scripts/soak/report.mjs";

// The soak run's judgement (scripts/soak/report.mjs), on made-up runs: what passes and what fails
// each check, so a soak that says PASS means it.

const MINUTE = 60_000;
const began = Date.UTC(2026, 11, 7, 12, 0, 0);

/** A run of `minutes` where each kind answers every 100 ms in `ms(at)` milliseconds. */
type Run = {
  minutes?: number;
  ms?: (at: number) => number;
  status?: (at: number) => number;
  kills?: { from: number; to: number }[];
  memory?: (minute: number) => {
    rss: number;
    heap: number;
    heapTotal?: number;
    spaces?: Record<string, number>;
    external?: number;
    requests?: Record<string, number>;
  };
};

function run({
  minutes = 30,
  ms = () => 20,
  status = () => 200,
  kills = [],
  memory = () => ({ rss: 200e6, heap: 60e6 }),
}: Run = {}) {
  const records = [];
  for (let at = began; at < began + minutes * MINUTE; at += 100) {
    for (const kind of ["home", "search"]) records.push({ at, kind, status: status(at), ms: ms(at) });
  }
  // Read every 5 s, as the run reads them.
  const samples = Array.from({ length: minutes * 12 + 1 }, (_, index) => ({
    at: began + index * 5_000,
    ...memory(index / 12),
  }));
  return analyse({
    minutes,
    began,
    records,
    kills,
    lives: [{ server: 1, pid: 100, startedAt: began, samples }],
    samples: [],
    failures: [],
    outbox: { unsent: 0, failed: 0, delivered: 10 },
    live: { ok: true, output: "all add up" },
    restored: { ok: true, output: "checked" },
    backup: { ok: true, file: "x.dump" },
  });
}

const verdict = (result: { checks: [string, boolean, string][] }, start: string) =>
  result.checks.find(([name]) => name.startsWith(start))?.[1];

describe("the soak's checks", () => {
  test("a steady run passes every check", () => {
    const result = run();
    expect(result.ok).toBe(true);
    expect(result.text).not.toContain("FAIL");
  });

  test("a 5xx outside a kill's window fails; one inside it does not", () => {
    const at = began + 12 * MINUTE;
    const failing = (when: number) => (stamp: number) => (stamp === when ? 502 : 200);
    expect(verdict(run({ status: failing(at) }), "no 5xx")).toBe(false);
    expect(verdict(run({ status: failing(at), kills: [{ from: at - 1_000, to: at + 10_000 }] }), "no 5xx")).toBe(true);
  });

  test("a p99 that grows past 1.5× its first five minutes fails", () => {
    const slower = run({ ms: (at) => (at > began + 20 * MINUTE ? 45 : 20) });
    expect(verdict(slower, "p99 per kind")).toBe(false);
    expect(verdict(run({ ms: (at) => (at > began + 20 * MINUTE ? 28 : 20) }), "p99 per kind")).toBe(true);
  });

  test("memory that climbs over 10% from minute 10 fails; the climb before minute 10 does not count", () => {
    const leak = run({ memory: (minute) => ({ rss: 200e6, heap: 60e6 * (1 + Math.max(0, minute - 10) * 0.01) }) });
    expect(verdict(leak, "memory")).toBe(false);
    const warming = run({ memory: (minute) => ({ rss: 100e6 + Math.min(minute, 10) * 10e6, heap: 60e6 }) });
    expect(verdict(warming, "memory")).toBe(true);
  });

  test("a heap reading that caught work in flight does not count as held; a floor that rises does", () => {
    // Every other minute, one collection lands in the middle of a large page: 20% more for a moment.
    const spiky = run({
      memory: (minute) => ({ rss: 200e6, heap: 60e6 * (minute % 2 < 1 / 12 && minute > 12 ? 1.2 : 1) }),
    });
    expect(verdict(spiky, "memory")).toBe(true);
    const risingFloor = run({ memory: (minute) => ({ rss: 200e6, heap: minute > 20 ? 67e6 : 60e6 }) });
    expect(verdict(risingFloor, "memory")).toBe(false);
    const risingRss = run({ memory: (minute) => ({ rss: minute > 20 ? 225e6 : 200e6, heap: 60e6 }) });
    expect(verdict(risingRss, "memory")).toBe(false);
  });

  test("the window furthest from its base says what stood beside its RSS: V8's heap by space, memory outside it, and the routes answered more", () => {
    const MB = 2 ** 20;
    const burst = (minute: number) => minute >= 20 && minute < 22;
    // Invoice PDFs: 6 a minute, 300 a minute in the burst. Catalog pages: 120 a minute throughout.
    const pdfsBy = (minute: number) =>
      Math.round(
        Math.min(minute, 20) * 6 + Math.max(0, Math.min(minute, 22) - 20) * 300 + Math.max(0, minute - 22) * 6,
      );
    const result = run({
      memory: (minute) => ({
        rss: (burst(minute) ? 260 : 200) * MB,
        heap: 60 * MB,
        heapTotal: (burst(minute) ? 120 : 80) * MB,
        spaces: { new: 32 * MB, old: (burst(minute) ? 80 : 40) * MB },
        external: (burst(minute) ? 30 : 10) * MB,
        requests: { "routes/items._index": Math.round(minute * 120), "routes/invoices.$number[.pdf]": pdfsBy(minute) },
      }),
    });
    expect(verdict(result, "memory")).toBe(false);
    const furthest = result.text.split("\n").find((line: string) => line.startsWith("furthest memory level of app 1"));
    expect(furthest).toContain("from minute 20 of its life: RSS 260.0 MB (base 200.0)");
    expect(furthest).toContain("V8 heap held 120.0 (80.0), by space new 32.0 (32.0), old 80.0 (40.0)");
    expect(furthest).toContain("outside the heap 30.0 (10.0)");
    // The PDFs come first: their count rose by hundreds; the catalog's by none.
    expect(furthest).toMatch(/requests most above its base window: invoices\.\$number\[\.pdf\] (\d+) \(\+(\d+)\)$/);
    const [, count, more] = /pdf\] (\d+) \(\+(\d+)\)/.exec(furthest!)!;
    expect(Number(count)).toBeGreaterThan(500);
    expect(Number(more)).toBeGreaterThan(500);
  });

  test("mail left unsent, a database that does not add up, or a backup that does not restore fail", () => {
    const base = run();
    expect(verdict(analyse({ ...base, outbox: { unsent: 3, failed: 0, delivered: 1 } }), "the outbox")).toBe(false);
    expect(verdict(analyse({ ...base, live: { ok: false, output: "part 1: …" } }), "stock")).toBe(false);
    expect(verdict(analyse({ ...base, restored: { ok: false, output: "refused" } }), "the halfway backup")).toBe(false);
  });
});
