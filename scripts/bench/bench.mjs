// `npm run bench`: build, seed a large and a small throwaway catalog, serve them with the store's own
// server on loopback beside two yardsticks measured in the same run (a bare Remix app of the same
// version served by remix-serve, and a node:http hello), load everything with autocannon, and report
// throughput, ratios, growth, orders, a sign-in flood and payload against the budgets in
// docs/benchmarks.md. Every load is bounded in time; the whole run takes about twenty minutes.
//
// Options (flag or environment variable):
//   --items N        BENCH_ITEMS        items in the large catalog (100000)
//   --reviews N      BENCH_REVIEWS      reviews in the large catalog (500000)
//   --small-items N  BENCH_SMALL_ITEMS  items in the small catalog (100; reviews are 5 per item)
//   --duration S     BENCH_DURATION     measured seconds per page and for orders (10)
//   --warmup S       BENCH_WARMUP       unmeasured seconds per page before the measurements (3)
//   --slice-warmup S BENCH_SLICE_WARMUP unmeasured seconds before each page's slice in every round (1)
//   --rounds N       BENCH_ROUNDS       rounds the duration is split into, pages interleaved (5)
//   --connections N  BENCH_CONNECTIONS  concurrent connections (50)
//   --port P         BENCH_PORT         first of fifteen loopback ports, 3200–3285 (3210)
//   --only a,b       BENCH_ONLY         run only these measurements (names as in the table, and
//                                      orders, checkout, checkout-backorder, checkout-company,
//                                      checkout-postgres, checkout-contract, scale-out,
//                                      price-list-import, punchout,
//                                      catalog-file, flood, uploads, adversarial)
//   --profile        BENCH_PROFILE=1    run the servers under node --cpu-prof (.tmp/bench/profiles)
//   --no-write       BENCH_WRITE=0      print only; leave docs/benchmarks.md alone
//   --keep           BENCH_KEEP=1       keep the databases and the build snapshot
//
// The run, in order: the build and the catalogs (setup/), the servers and their customers, then
// one scenario after another (scenarios/, each a function returning its results), then the report
// (report/). Whatever happens, the servers are stopped and the temporary files removed.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { ensureBuild } from "../lib/build.mjs";
import { root } from "../lib/run.mjs";
import { createCleanup } from "./lib/cleanup.mjs";
import { elapsed } from "./lib/clock.mjs";
import { loadAverage, machine } from "./lib/report.mjs";
import { benchDir, snapshotBuild } from "./lib/server.mjs";
import { report } from "./report/index.mjs";
import { measureAdversarial } from "./scenarios/adversarial.mjs";
import { cachingHeaders } from "./scenarios/caching.mjs";
import { measureCatalogFile } from "./scenarios/catalog-file.mjs";
import {
  measureBackorderCheckouts,
  measureBackorderFill,
  measureCompanyCheckouts,
  measureSqliteCheckouts,
} from "./scenarios/checkouts.mjs";
import { measurePostgresCheckouts } from "./scenarios/checkouts-postgres.mjs";
import { contractBuyer, measureContractCheckouts, measurePriceListImport } from "./scenarios/contract-prices.mjs";
import { measureFlood } from "./scenarios/flood.mjs";
import { measureInvoicePdfs } from "./scenarios/invoices.mjs";
import { measureLatency } from "./scenarios/latency.mjs";
import { measureUploads } from "./scenarios/media.mjs";
import { measureOrderExport } from "./scenarios/order-export.mjs";
import { measureOrders } from "./scenarios/orders.mjs";
import { measurePages, pagePlan } from "./scenarios/pages.mjs";
import { homePayload } from "./scenarios/payload.mjs";
import { measurePunchout } from "./scenarios/punchout.mjs";
import { measureReports } from "./scenarios/reports.mjs";
import { measureScaleOut } from "./scenarios/scale-out.mjs";
import { searchPages } from "./scenarios/search.mjs";
import { promoteToStaff, seedCatalogs } from "./setup/catalogs.mjs";
import { signUpCustomers, startServers } from "./setup/servers.mjs";

const env = process.env;
const { values: flags } = parseArgs({
  options: {
    items: { type: "string", default: env.BENCH_ITEMS ?? "100000" },
    reviews: { type: "string", default: env.BENCH_REVIEWS ?? "500000" },
    "small-items": { type: "string", default: env.BENCH_SMALL_ITEMS ?? "100" },
    duration: { type: "string", default: env.BENCH_DURATION ?? "10" },
    warmup: { type: "string", default: env.BENCH_WARMUP ?? "3" },
    "slice-warmup": { type: "string", default: env.BENCH_SLICE_WARMUP ?? "1" },
    rounds: { type: "string", default: env.BENCH_ROUNDS ?? "5" },
    connections: { type: "string", default: env.BENCH_CONNECTIONS ?? "50" },
    port: { type: "string", default: env.BENCH_PORT ?? "3210" },
    only: { type: "string", default: env.BENCH_ONLY ?? "" },
    profile: { type: "boolean", default: env.BENCH_PROFILE === "1" },
    "no-write": { type: "boolean", default: env.BENCH_WRITE === "0" },
    keep: { type: "boolean", default: env.BENCH_KEEP === "1" },
  },
});

const config = {
  items: Number(flags.items),
  reviews: Number(flags.reviews),
  smallItems: Number(flags["small-items"]),
  duration: Number(flags.duration),
  warmup: Number(flags.warmup),
  sliceWarmup: Number(flags["slice-warmup"]),
  rounds: Number(flags.rounds),
  connections: Number(flags.connections),
  port: Number(flags.port),
};
for (const [name, value] of Object.entries(config)) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number (got ${value})`);
}
if (!Number.isInteger(config.items) || config.items < 20)
  throw new Error("--items must be a whole number, at least 20");
if (!Number.isInteger(config.smallItems) || config.smallItems < 1)
  throw new Error("--small-items must be a whole number, at least 1");
// The store three times, remix-serve, node:http, the store on PostgreSQL (+5), the importing store (+6),
// PostgreSQL itself (+10), the scale-out row's three stores (+11 to +13) and its nginx (+14).
if (config.port < 3200 || config.port + 14 > 3299) throw new Error("--port must leave fifteen ports inside 3200–3299");
if (config.duration < 1 || config.duration > 120) throw new Error("--duration must be between 1 and 120 seconds");
if (!Number.isInteger(config.rounds) || config.rounds < 1 || config.duration / config.rounds < 1) {
  throw new Error("--rounds must be a whole number that leaves at least 1 s per slice of --duration");
}
config.slice = config.duration / config.rounds;
const only = new Set(
  flags.only
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean),
);
const wanted = (name) => only.size === 0 || only.has(name);

// Interrupted: the servers are killed outright, the temporary files removed, and nothing is written.
const cleanup = createCleanup({
  onSignal: (signal) => console.error(`\n${signal}: stopping the servers and removing the databases`),
});
/** Whether a scenario runs: asked for, and the run not interrupted. */
const runs = (name) => wanted(name) && !cleanup.interrupted;
const profileDir = flags.profile ? path.join(benchDir, "profiles") : undefined;

let run;
try {
  const info = { machine: machine(), loadAtStart: loadAverage(), config: { ...config } };

  // 1. The production build, and a private copy of it to serve.
  ensureBuild();
  const runDir = snapshotBuild();
  if (!flags.keep) cleanup.add(() => fs.rmSync(runDir, { recursive: true, force: true }));

  // 2. Two throwaway catalogs, the parts the scenarios order, and the catalog pages they load.
  const catalogs = seedCatalogs(config, { cleanup, keep: flags.keep });
  info.seed = catalogs.seed;
  const { largeDb, smallDb, parts, catalogPaths, newSearchPages, catalogPages, deepest, searches, media } = catalogs;

  // 3. The servers, the customers, and what the home page sends.
  const servers = await startServers({ runDir, largeDb, smallDb, port: config.port, profileDir, cleanup });
  const { large, uncached } = servers;
  const { reader, buyer, visitor } = await signUpCustomers(large, { pageItemId: parts.page });
  // Issue 50: a company member whose 5,000-rule price list prices the catalog's first page and the product page.
  const contract =
    wanted("items-contract") || wanted("product-contract")
      ? await contractBuyer(large, largeDb, { pageItemId: parts.page })
      : null;
  const homeHtml = await (await fetch(`${large.origin}/`)).text();
  const caching = await cachingHeaders(large.origin, { homeHtml, reader });

  // 4. The pages in interleaved rounds (searches asked for the first time among them, but a route
  // not there yet), then the catalog's latency with a few buyers, then searches meant to hurt.
  const { rows: searchRows, skipped } = await searchPages(uncached, searches, { wanted });
  const plan = pagePlan({
    servers,
    reader,
    visitor,
    contract,
    catalogPaths,
    newSearchPages,
    searchRows,
    pageItemId: parts.page,
    pictureHash: media.hash,
    config,
  }).filter((step) => wanted(step.name));
  const results = await measurePages(plan, { config, cleanup });
  await measureLatency(plan, results, { config, cleanup });
  const adversarial = runs("adversarial")
    ? await measureAdversarial(uncached, {
        config,
        wordSearches: searches["search-new-words"],
        catalogPages,
        deepest,
      })
    : null;

  // 5. Orders and the sell-out race, then checkouts on SQLite and on PostgreSQL.
  const onLarge = { server: large, databaseFile: largeDb, parts, config };
  const orders = runs("orders") ? await measureOrders({ ...onLarge, buyer }) : null;
  const checkouts = runs("checkout") ? await measureSqliteCheckouts(onLarge) : null;
  // Issue 26: a checkout with a backordered line, then one arrival that fills 1,000 of the lines it left waiting.
  const backorderCheckouts = runs("checkout-backorder") ? await measureBackorderCheckouts(onLarge) : null;
  const backorderFill = backorderCheckouts
    ? await measureBackorderFill({ ...onLarge, staffCookie: promoteToStaff(largeDb, buyer) })
    : null;
  // Issue 27: checkouts by a company's members on account (terms, approval rule, credit limit).
  const companyCheckouts = runs("checkout-company") ? await measureCompanyCheckouts(onLarge) : null;
  // Issue 50: the same checkouts by shoppers whose own 5,000-rule list prices the three parts.
  const contractCheckouts = runs("checkout-contract") ? await measureContractCheckouts(onLarge) : null;
  // Issue 52: a procurement system's setup requests, start links and 50-line purchase orders.
  const punchout = runs("punchout") ? await measurePunchout({ server: large, databaseFile: largeDb, config }) : null;
  // Issue 27: a VAT invoice drawn as a PDF on each download.
  const invoicePdfs = runs("invoice-pdf")
    ? await measureInvoicePdfs({
        server: large,
        databaseFile: largeDb,
        staffCookie: promoteToStaff(largeDb, buyer),
        staffEmail: "bench-buyer@example.com",
        itemId: parts.order,
        config,
      })
    : null;
  const postgresCheckouts = runs("checkout-postgres")
    ? await measurePostgresCheckouts({ runDir, config, cleanup })
    : null;
  // Issue 28: one, two and three app servers on one PostgreSQL behind nginx.
  const scaleOut = runs("scale-out") ? await measureScaleOut({ runDir, config, cleanup }) : null;

  // 6. The large catalog exported as a file, and that file imported into an empty catalog.
  // Issue 50: a 50,000-rule price list from a file, upload to applied.
  const priceListImport = runs("price-list-import")
    ? await measurePriceListImport({
        server: large,
        databaseFile: largeDb,
        staffCookie: promoteToStaff(largeDb, buyer),
      })
    : null;
  const catalogFile = runs("catalog-file")
    ? await measureCatalogFile({ large, largeDb, runDir, port: config.port + 6, cleanup })
    : null;

  // 7. 12-megapixel uploads while buyers read the catalog; then a sign-in flood while a visitor does.
  // The flood comes last: it spends the loopback client's sign-in and sign-up limits, and the uploads
  // scenario signs its admin up on the same server.
  const uploads = runs("uploads")
    ? await measureUploads(uncached, { databaseFile: largeDb, partItemId: parts.page, uploads: media.uploads, config })
    : null;
  const flood = runs("flood") ? await measureFlood(uncached, { config }) : null;
  // Issue 27: last, because it writes 100,000 orders into the large catalog's database.
  const orderExport = runs("order-export")
    ? await measureOrderExport({ server: large, databaseFile: largeDb, staffCookie: promoteToStaff(largeDb, buyer) })
    : null;
  // Issue 51: last of all, because it writes a year of invoices (1,000,000 lines) into the same database.
  const reports = runs("reports")
    ? await measureReports({ server: large, databaseFile: largeDb, staffCookie: promoteToStaff(largeDb, buyer) })
    : null;

  const payload = homePayload(path.join(runDir, "build"), homeHtml);
  info.finishedLoad = loadAverage();
  info.elapsed = elapsed();
  run = {
    info,
    results,
    skipped,
    adversarial,
    orders,
    checkouts,
    backorderCheckouts,
    backorderFill,
    companyCheckouts,
    contractCheckouts,
    punchout,
    priceListImport,
    invoicePdfs,
    orderExport,
    reports,
    postgresCheckouts,
    scaleOut,
    catalogFile,
    flood,
    uploads,
    payload,
    caching,
  };
} finally {
  await cleanup.run();
}

// 8. The report.
report(run, { write: !flags["no-write"] && only.size === 0 });
if (profileDir)
  console.log(
    `CPU profiles in ${path.relative(root, profileDir)}; summarise with: node scripts/bench/profile-summary.mjs <file>`,
  );
