import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";

import { newItem } from "../support/builders";
import { type ServerProcess, startServer } from "../support/server";

// /metrics through the built server (issue 28): who may read it, that requests are counted by the
// route that answered them and never by their URL, and that the access log says the same.

const TOKEN = "metrics-test-token-0123456789";
let server: ServerProcess;

beforeAll(async () => {
  // Behind a proxy on this machine: the client is the address the proxy forwards.
  server = await startServer({ env: { TRUST_PROXY: "loopback", METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await server?.stop();
});

async function scrape(headers: Record<string, string> = {}) {
  const response = await fetch(`${server.origin}/metrics`, { headers });
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

/** The value of one series, 0 when it is not there yet. */
function valueOf(text: string, series: string) {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Every value the `route` label takes in the request counter. */
function routeLabels(text: string) {
  return new Set([...text.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map((match) => match[1]));
}

describe("who may read it", () => {
  test("a client on this machine reads it in Prometheus's text format", async () => {
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "storefront_page_cache_requests_total",
      "storefront_outbox_messages",
      "storefront_outbox_oldest_unsent_age_seconds",
      "storefront_orders_placed",
      "storefront_heap_after_full_gc_bytes",
      "storefront_database_connections",
      "nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(text, name).toContain(`# TYPE ${name.replace(/_bucket$/, "")} `);
    }
  });

  test("a remote client is refused with 403 without the token, or with a wrong one, and reads it with the right one", async () => {
    const remote = { "X-Forwarded-For": "203.0.113.9" };
    expect((await scrape(remote)).status).toBe(403);
    expect((await scrape({ ...remote, Authorization: "Bearer not-the-token" })).status).toBe(403);
    expect((await scrape({ ...remote, Authorization: TOKEN })).status).toBe(403);
    const withToken = await scrape({ ...remote, Authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain("http_requests_total");
  });
});

test("a page leaves no timer running once it is sent", async () => {
  // The renderer's abort timer and Remix's timer for the page's data used to run on for 5 s after
  // every page, holding its render and loader data: under load, the old generation filled with them
  // (issue 24, decision 41).
  const timers = async () => valueOf((await scrape()).text, 'nodejs_active_resources{type="Timeout"}');
  const before = await timers();
  for (let n = 0; n < 30; n++) expect((await fetch(`${server.origin}/items?q=timer-${n}`)).status).toBe(200);
  expect(await timers()).toBeLessThan(before + 10);
});

test("route labels stay bounded however many distinct addresses are asked for", async () => {
  const before = routeLabels((await scrape()).text);
  const addresses: string[] = [];
  for (let n = 0; n < 150; n++) {
    addresses.push(
      `/items/${900000 + n}`,
      `/no-such-page-${n}`,
      `/items?q=bolt-${n}`,
      `/media/${"a".repeat(64)}-${n}.webp`,
      `/assets/nothing-${n}.js`,
      `/items/${n}.data`,
    );
  }
  for (let start = 0; start < addresses.length; start += 20) {
    await Promise.all(
      addresses
        .slice(start, start + 20)
        .map((address) => fetch(`${server.origin}${address}`).then((r) => r.arrayBuffer())),
    );
  }
  const after = routeLabels((await scrape()).text);
  // At most one label per route of the app, and the few the server answers itself.
  expect(after.size).toBeLessThanOrEqual(before.size + 6);
  for (const label of after) expect(label).not.toMatch(/\d{3,}|no-such-page|bolt|aaaa/);
  expect(after).toContain("/items/:id");
  expect(after).toContain("/*");
});

test("requests are counted by the route's pattern, and the access log says the same", async () => {
  const item = await newItem();
  const series = `http_requests_total{method="GET",route="/items/:id",status="200"}`;
  const countBefore = valueOf((await scrape()).text, series);
  const logBefore = server.output().length;
  for (let n = 0; n < 3; n++) await (await fetch(`${server.origin}/items/${item.id}`)).arrayBuffer();
  const text = (await scrape()).text;
  expect(valueOf(text, series) - countBefore).toBe(3);
  const logged = server
    .output()
    .slice(logBefore)
    .split("\n")
    .filter((line) => line.includes(`"path":"/items/${item.id}"`) && line.includes('"status":200'));
  expect(logged).toHaveLength(3);
  await db.deleteFrom("items").where("id", "=", item.id).execute();
});

describe("the catalog's read worker", () => {
  const onSqlite = process.env.TEST_DATABASE !== "postgres";
  const reads = async () => valueOf((await scrape()).text, "storefront_catalog_reads_off_thread_total");
  const page = async (address: string) => {
    const response = await fetch(`${server.origin}${address}`);
    return { status: response.status, html: await response.text() };
  };

  test("runs the catalog's searches and counts on SQLite, and nothing on PostgreSQL, where no query blocks the process", async () => {
    expect(valueOf((await scrape()).text, "storefront_catalog_read_worker_running")).toBe(onSqlite ? 1 : 0);
    const before = await reads();
    const search = await page(`/items?q=${encodeURIComponent(`gear ${Date.now()}`)}`);
    expect(search.status).toBe(200);
    const suggest = await page("/search/suggest?q=spur");
    expect(suggest.status).toBe(200);
    const ran = (await reads()) - before;
    if (onSqlite) expect(ran).toBeGreaterThan(0);
    else expect(ran).toBe(0);
  });

  test("a part written a moment ago is found by the next search, and gone from it once deleted", async () => {
    const token = `Worm${Date.now().toString(36)}`;
    const item = await newItem({ name: `${token} Gear Set` });
    const found = await page(`/items?q=${token}`);
    expect(found.status).toBe(200);
    expect(found.html).toContain(item.part_number);
    await db.deleteFrom("items").where("id", "=", item.id).execute();
    const gone = await page(`/items?q=${token}&page=1`);
    expect(gone.html).not.toContain(item.part_number);
  });
});
