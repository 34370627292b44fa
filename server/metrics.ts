import { timingSafeEqual } from "node:crypto";
import net from "node:net";
import { constants as performance, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import type { ShopMetrics } from "~/models/shop-metrics.server";

import type { PageCache } from "./page-cache";

// /metrics in Prometheus's text format (docs/operations.md says what each series means and what to
// alert on). Requests are counted by the route that answers them, never by their URL, so the
// number of series stays that of the app's routes whatever addresses clients ask for.

/** Where a request that no route of the app answers is counted. */
const ROUTE_LABEL_FOR = { assets: "/assets", media: "/media", metrics: "/metrics" } as const;

type LabelledRoute = AgnosticRouteObject & { pattern: string };

/**
 * The app's routes as the router matches them, each with its whole pattern (`/item/:id`), so a
 * request's label is the pattern of the deepest route its path matches.
 */
function routeTree(routes: ServerBuild["routes"]) {
  const childrenOf = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(routes)) {
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push(route);
    childrenOf.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined, parentPattern: string): LabelledRoute[] =>
    (childrenOf.get(parentId) ?? []).map((route) => {
      const pattern = route.path ? `${parentPattern.replace(/\/$/, "")}/${route.path}` : parentPattern;
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        pattern: pattern || "/",
        children: route.index ? undefined : build(route.id, pattern),
      } as LabelledRoute;
    });
  return build(undefined, "");
}

/** The pattern of the route that answers `pathname`; a path no route takes is "unmatched". */
function routeLabeller(build: ServerBuild) {
  const tree = routeTree(build.routes);
  return (pathname: string) => {
    if (pathname.startsWith("/assets/")) return ROUTE_LABEL_FOR.assets;
    if (pathname.startsWith("/media/")) return ROUTE_LABEL_FOR.media;
    if (pathname === "/metrics") return ROUTE_LABEL_FOR.metrics;
    // A single-fetch request (`/cart.data`) is the page's own route.
    const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    const matches = matchRoutes(tree, page);
    const deepest = matches?.at(-1)?.route as LabelledRoute | undefined;
    // The splat route answers every unknown address with a 404: counted as one route, as it is.
    return deepest?.pattern ?? "unmatched";
  };
}

function isLoopback(address: string | undefined) {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (net.isIPv4(plain)) return plain.startsWith("127.");
  return plain === "::1";
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read the metrics: a client on this machine (as Express sees the client: behind a proxy
 * with TRUST_PROXY set, the address the proxy forwarded), or one that sends METRICS_TOKEN.
 */
function mayRead(req: ExpressRequest, token: string | undefined) {
  const authorization = req.headers.authorization ?? "";
  if (token && authorization.startsWith("Bearer ") && sameSecret(authorization.slice("Bearer ".length), token)) {
    return true;
  }
  return isLoopback(req.ip) && isLoopback(req.socket.remoteAddress);
}

type MetricsOptions = {
  build: ServerBuild;
  pageCache: PageCache;
  shopMetrics: () => Promise<ShopMetrics>;
  token: string | undefined;
};

/**
 * The heap a full collection left, as the process's last one left it: what the process really
 * holds, without the garbage that heap-used counts between collections. Flat under steady load
 * means no leak (docs/benchmarks.md, "Soak"). 0 until the first full collection.
 */
function watchHeapAfterCollections() {
  let heapAfterFullCollection = 0;
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      if (detail?.kind === performance.NODE_PERFORMANCE_GC_MAJOR) {
        heapAfterFullCollection = v8.getHeapStatistics().used_heap_size;
      }
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return () => heapAfterFullCollection;
}

/** The registry, the middleware that counts every request, and the /metrics handler. */
export function createMetrics({ build, pageCache, shopMetrics, token }: MetricsOptions) {
  const registry = new Registry();
  // Process metrics, the event loop's delay (nodejs_eventloop_lag_*) among them.
  collectDefaultMetrics({ register: registry });
  const labelOf = routeLabeller(build);
  const heapAfterCollection = watchHeapAfterCollections();
  new Gauge({
    name: "storefront_heap_after_full_gc_bytes",
    help: "Heap in use just after this process's last full garbage collection (0 before the first).",
    registers: [registry],
    collect() {
      this.set(heapAfterCollection());
    },
  });

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pageCacheLookups = new Counter({
    name: "storefront_page_cache_requests_total",
    help: "Anonymous page requests the page cache answered (hit) or passed on to the app (miss).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "storefront_page_cache_entries",
    help: "Pages the page cache holds.",
    registers: [registry],
    collect() {
      this.set(pageCache.size);
    },
  });

  // The shop's data: read once per scrape, however many series it fills.
  let reading: Promise<ShopMetrics> | undefined;
  const shop = () => (reading ??= shopMetrics().finally(() => setTimeout(() => (reading = undefined), 0)));
  new Gauge({
    name: "storefront_outbox_messages",
    help: "Mail in the outbox, by status.",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      for (const [status, count] of Object.entries((await shop()).outbox)) this.set({ status }, count);
    },
  });
  new Gauge({
    name: "storefront_outbox_oldest_unsent_age_seconds",
    help: "How long the oldest message waiting to be sent has waited (0 when none waits).",
    registers: [registry],
    async collect() {
      this.set((await shop()).oldestUnsentSeconds);
    },
  });
  new Gauge({
    name: "storefront_orders_placed",
    help: "Orders placed in the shop, all time (the database's count: the same from every server).",
    registers: [registry],
    async collect() {
      this.set((await shop()).ordersPlaced);
    },
  });
  new Gauge({
    name: "storefront_database_connections",
    help: "This process's database connections: max, open, in use, and requests waiting for one.",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { pool } = await shop();
      for (const [state, count] of Object.entries(pool)) this.set({ state }, count);
    },
  });

  new Gauge({
    name: "storefront_catalog_read_worker_running",
    help: "1 while this process's catalog read worker runs (SQLite; 0 on PostgreSQL, where reads never block the process).",
    registers: [registry],
    async collect() {
      this.set((await shop()).offThreadReads.running);
    },
  });
  new Counter({
    name: "storefront_catalog_reads_off_thread_total",
    help: "Catalog searches' and counts' queries this process ran in its read worker.",
    registers: [registry],
    async collect() {
      this.reset();
      this.inc((await shop()).offThreadReads.reads);
    },
  });

  const count: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const route = labelOf(req.path);
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      duration.observe({ method: req.method, route }, Number(process.hrtime.bigint() - started) / 1e9);
      const cache = res.getHeader("X-Cache");
      if (cache === "HIT" || cache === "MISS") pageCacheLookups.inc({ result: cache.toLowerCase() });
    });
    next();
  };

  const serve: RequestHandler = (req, res, next) => {
    if (req.path !== "/metrics") return next();
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!mayRead(req, token)) {
      res.status(403).type("text/plain").send("Metrics are readable from this machine, or with its token.\n");
      return;
    }
    registry
      .metrics()
      .then((text) => {
        res.status(200).setHeader("Content-Type", registry.contentType);
        res.setHeader("Cache-Control", "no-store");
        res.end(req.method === "HEAD" ? undefined : text);
      })
      .catch(next);
  };

  return { registry, count, serve };
}
