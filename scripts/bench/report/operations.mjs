// The report's sections on writes and attacks: orders and the sell-out race, checkouts on SQLite
// and PostgreSQL, the sign-in flood and the adversarial searches. Each returns its Markdown lines,
// none when not measured.
import { fmt, table } from "../lib/report.mjs";
import { ADVERSARIAL_CONNECTIONS, HEALTHZ_CONNECTIONS } from "../scenarios/adversarial.mjs";
import { FLOOD_CONNECTIONS, FLOOD_READERS } from "../scenarios/flood.mjs";
import { UPLOAD_READERS } from "../scenarios/media.mjs";
import { CONTENTION_SECONDS } from "../scenarios/orders.mjs";
import { both, showBoth, showTimes } from "./ratios.mjs";

/** Orders placed per second against the home page's, cache off. */
export const ordersVsHome = ({ orders, results }) =>
  orders && results["home-uncached"] ? both(orders, results["home-uncached"]) : { wall: null, cpu: null };

export function ordersSection(run) {
  const { orders, results, info } = run;
  if (!orders) return [];
  const { race } = orders;
  const rows = [
    [
      "Orders placed per second (302 to /dashboard/my-order)",
      `${fmt.int(orders.rps)} (${fmt.int(orders.ok)} in ${orders.seconds} s)`,
    ],
    ["Latency p50 / p99", `${fmt.ms(orders.p50)} ms / ${fmt.ms(orders.p99)} ms`],
    [
      "Server CPU per order",
      orders.cpuMs ? `${orders.cpuMs.toFixed(2)} ms (${fmt.int(orders.cpuRps)} orders per CPU-second)` : "–",
    ],
    [
      "Other answers",
      orders.unexpected || orders.errors
        ? `${orders.unexpected} ${JSON.stringify(orders.statuses)}, ${orders.errors} errors`
        : "none",
    ],
    ["vs the home page's throughput (cache off)", results["home-uncached"] ? showBoth(ordersVsHome(run)) : "–"],
    [
      `Stock of item ${orders.itemId}: before, after`,
      `${fmt.int(orders.stockBefore)} → ${fmt.int(orders.stockAfter)} (−${fmt.int(orders.stockBefore - orders.stockAfter)})`,
    ],
    [
      "Order rows for it (warm-up included)",
      `${fmt.int(orders.ordersRows)} rows, ${fmt.int(orders.unitsOrdered)} units`,
    ],
    ["Stock taken = units ordered, never below zero", orders.consistent ? "yes" : "**NO**"],
    [
      `Sell-out race: ${race.stock} in stock, ${info.config.connections} clients, ${CONTENTION_SECONDS} s`,
      `${race.sold} sold, ${race.refused} refused with 409, ${race.other} other; ${race.ordersRows} order rows, stock left ${race.stockLeft}: ${race.ok ? "no oversell" : "**OVERSOLD or short**"}`,
    ],
  ];
  return ["", "### Orders", "", table(["Measure", "Value"], rows)];
}

/** Checkouts per second against the signed-in home page's, on SQLite and on PostgreSQL. */
export const checkoutsVsHome = ({ checkouts, results }) =>
  checkouts && results["home-signed-in"] ? checkouts.rps / results["home-signed-in"].rps : null;
export const backorderCheckoutsVsHome = ({ backorderCheckouts, results }) =>
  backorderCheckouts && results["home-signed-in"] ? backorderCheckouts.rps / results["home-signed-in"].rps : null;
export const companyCheckoutsVsHome = ({ companyCheckouts, results }) =>
  companyCheckouts && results["home-signed-in"] ? companyCheckouts.rps / results["home-signed-in"].rps : null;
export const postgresVsHome = ({ postgresCheckouts }) =>
  postgresCheckouts ? postgresCheckouts.checkouts.rps / postgresCheckouts.home.rps : null;

export function checkoutsSection({
  checkouts,
  backorderCheckouts,
  companyCheckouts,
  postgresCheckouts,
  results,
  info,
}) {
  if (!checkouts && !postgresCheckouts) return [];
  const c = info.config;
  const row = (label, run, home) =>
    run
      ? [
          label,
          `${fmt.int(run.rps)} (${fmt.int(run.placed)} in ${run.seconds} s)`,
          `${fmt.ms(run.p50)} / ${fmt.ms(run.p99)} ms`,
          run.cpuMsPerCheckout ? `${run.cpuMsPerCheckout.toFixed(2)} ms` : "–",
          home ? showTimes(run.rps / home) : "–",
          `${Object.keys(run.refused).length ? JSON.stringify(run.refused) : "none"}; ${run.consistent ? "stock taken = units ordered" : "**stock INCONSISTENT**"}`,
        ]
      : null;
  const headers = [
    "Database",
    "Checkouts/s",
    "p50 / p99 (every post)",
    "CPU per checkout",
    "vs home, signed in",
    "Refused; stock",
  ];
  const rows = [
    row(`SQLite (${fmt.int(c.items)} parts)`, checkouts, results["home-signed-in"]?.rps),
    row("SQLite, the third line on backorder", backorderCheckouts, results["home-signed-in"]?.rps),
    row("SQLite, a company's members on account", companyCheckouts, results["home-signed-in"]?.rps),
    row("PostgreSQL (demo catalog)", postgresCheckouts?.checkouts, postgresCheckouts?.home.rps),
  ].filter(Boolean);
  return [
    "",
    "### Checkouts",
    "",
    `Each of ${c.connections} connections is a customer who pastes a bill of materials of three parts (one each) ` +
      "into Quick order and places the order (a fresh checkout token, the total the checkout page showed), over " +
      "and over: two form posts per checkout, both counted against the checkout. PostgreSQL runs the demo catalog " +
      "on a throwaway cluster (`fsync=off`) beside its own signed-in home page; compare its ratio, not its " +
      "absolute numbers.",
    "",
    table(headers, rows),
  ];
}

export function floodSection({ flood }) {
  if (!flood) return [];
  const { attack, reading } = flood;
  const rows = [
    [
      `Sign-ins posted (${FLOOD_CONNECTIONS} connections, unknown emails, one client)`,
      `${fmt.int(attack.total)} in ${attack.seconds} s: ${JSON.stringify(attack.statuses)}`,
    ],
    [
      `Catalog page 1 meanwhile (${FLOOD_READERS} connections, cache off)`,
      `${fmt.int(reading.rps)} req/s, p50 ${fmt.ms(reading.p50)} ms, p99 ${fmt.ms(reading.p99)} ms`,
    ],
    [
      "Catalog answers other than 200",
      reading.unexpected || reading.errors
        ? `${reading.unexpected} ${JSON.stringify(reading.statuses)}, ${reading.errors} errors`
        : "none",
    ],
  ];
  return ["", "### Sign-in flood", "", table(["Measure", "Value"], rows)];
}

export function uploadsSection({ uploads }) {
  if (!uploads) return [];
  const rows = [
    ...uploads.uploads.map((upload, index) => [
      `Upload ${index + 1}: a 12-megapixel JPEG, answered (its 12 variants stored)`,
      `${fmt.int(upload.ms)} ms (${upload.status})`,
    ]),
    [
      `Catalog page 1 meanwhile (${UPLOAD_READERS} connections, cache off)`,
      `p99 ${fmt.ms(uploads.catalogDuring.p99)} ms over ${fmt.int(uploads.catalogDuring.requests)} requests; ` +
        `${fmt.ms(uploads.catalogAlone.p99)} ms alone just before`,
    ],
    [
      "The server's event-loop delay meanwhile",
      `p99 ${fmt.ms(uploads.eventLoopDelay.p99Ms)} ms, max ${fmt.ms(uploads.eventLoopDelay.maxMs)} ms`,
    ],
  ];
  return ["", "### Picture uploads under load", "", table(["Measure", "Value"], rows)];
}

const statusesOf = (statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}: ${fmt.int(count)}`)
    .join(", ");

export function adversarialSection({ adversarial, info }) {
  if (!adversarial) return [];
  const { kinds, attack, healthz, eventLoopDelay: delay, mainThreadBusy } = adversarial;
  const row = (label, figures) => [
    label,
    fmt.int(figures.requests ?? figures.total),
    statusesOf(figures.statuses),
    fmt.ms(figures.p50),
    fmt.ms(figures.p99),
    fmt.ms(figures.max),
  ];
  const rows = [
    ...kinds.map((kind) => row(`${kind.label} (${kind.searches})`, kind)),
    row("**All 50**", attack),
    row(`/healthz meanwhile (${HEALTHZ_CONNECTIONS} connection)`, healthz),
  ];
  return [
    "",
    "### Adversarial searches",
    "",
    `50 searches meant to hurt, each request made afresh (new letters, pages, offsets and spec values, so no kept ` +
      `answer serves it), at ${ADVERSARIAL_CONNECTIONS} connections for ${info.config.duration} s on the store with ` +
      `the page cache off, while ${HEALTHZ_CONNECTIONS} connection polls \`/healthz\`. Errors: ${attack.errors}, ` +
      `timeouts: ${attack.timeouts}.` +
      (mainThreadBusy === null ? "" : ` The server's main thread was busy ${fmt.pct(mainThreadBusy)} of the time.`),
    "",
    table(["Searches", "Answers", "Statuses", "p50 ms", "p99 ms", "max ms"], rows),
    "",
    delay
      ? `The server's event-loop delay meanwhile (\`monitorEventLoopDelay\`, a timer every ${delay.resolutionMs} ms, ` +
        `its interval taken off; ${fmt.int(delay.samples)} samples): mean ${fmt.ms(delay.meanMs)} ms, ` +
        `p50 ${fmt.ms(delay.p50Ms)} ms, p99 ${fmt.ms(delay.p99Ms)} ms, max ${fmt.ms(delay.maxMs)} ms.`
      : "The server did not report its event-loop delay.",
    ...(adversarial.serverSlowest == null
      ? []
      : [
          "",
          `The server's own slowest answer, from its access log (from the request read to the answer sent, ` +
            `queueing behind the other connections included): ${fmt.ms(adversarial.serverSlowest)} ms. The latencies ` +
            `above are autocannon's, which shares the two cores with the server and the /healthz poller.`,
        ]),
    ...(adversarial.clientDelay
      ? [
          "",
          `The client (autocannon and the poller, in a worker thread of the bench with a heap of its own) ` +
            `was itself late by up to ${fmt.ms(adversarial.clientDelay.maxMs)} ms (p99 ` +
            `${fmt.ms(adversarial.clientDelay.p99Ms)} ms): a reading it took that late is late by as much.`,
        ]
      : []),
  ];
}

export function catalogFileSection({ catalogFile, info }) {
  if (!catalogFile) return [];
  const { export: exported, import: imported } = catalogFile;
  const rows = [
    [
      `Export of ${fmt.int(info.config.items)} parts (GET /dashboard/export/catalog.csv)`,
      `${exported.seconds.toFixed(1)} s, first bytes after ${fmt.ms(exported.firstByteMs)} ms, ${fmt.mb(exported.bytes)}`,
    ],
    ["Import of that file into an empty catalog: upload", `${imported.uploadSeconds.toFixed(1)} s`],
    ["Check (the dry run: every row read, compared and kept)", `${imported.checkSeconds.toFixed(1)} s`],
    ["Apply (one transaction)", `${imported.applySeconds.toFixed(1)} s`],
    ["Upload to applied", `${imported.totalSeconds.toFixed(1)} s`],
    ["Parts in the catalog after", fmt.int(imported.parts)],
    [
      "The importing server's memory: before, growth at its peak",
      `${fmt.mb(imported.rssBeforeBytes)}, +${fmt.mb(imported.rssGrowthBytes)}`,
    ],
    ...(imported.rssGrowthByPhase
      ? [
          [
            "Its growth at the peak of each phase: upload, check, apply",
            ["upload", "check", "apply"].map((phase) => `+${fmt.mb(imported.rssGrowthByPhase[phase])}`).join(", "),
          ],
        ]
      : []),
  ];
  return ["", "### The catalog as a file", "", table(["Measure", "Value"], rows)];
}

/**
 * Issue 28: one, two and three app servers behind nginx on one PostgreSQL, and what the CPU each
 * request cost the app servers and the database says a machine with more cores would do.
 */
export function scaleOutSection({ scaleOut, info }) {
  if (!scaleOut?.rows.length) return [];
  const c = info.config;
  const [one] = scaleOut.rows;
  const ms = (value) => (value ? `${value.toFixed(2)} ms` : "–");
  const rows = scaleOut.rows.map(({ servers, catalog, checkouts }) => [
    String(servers),
    `${fmt.int(catalog.rps)} (p99 ${fmt.ms(catalog.p99)} ms)`,
    `${ms(catalog.cpuMs)} + ${ms(catalog.databaseCpuMs)}`,
    `${fmt.int(checkouts.rps)} (p99 ${fmt.ms(checkouts.p99)} ms)`,
    `${ms(checkouts.cpuMsPerCheckout)} + ${ms(checkouts.databaseCpuMs)}`,
    `${showTimes(catalog.rps / one.catalog.rps)} / ${showTimes(checkouts.rps / one.checkouts.rps)}`,
    catalog.unexpected || !checkouts.consistent
      ? `**${catalog.unexpected} pages not 200; stock ${checkouts.consistent ? "consistent" : "INCONSISTENT"}**`
      : "none; stock taken = units ordered",
  ]);
  // The estimate uses the one-server row: with a core of its own, as on a bigger machine.
  const page = { app: one.catalog.cpuMs, database: one.catalog.databaseCpuMs };
  const checkout = { app: one.checkouts.cpuMsPerCheckout, database: one.checkouts.databaseCpuMs };
  const estimate = (cores) => {
    // A core for nginx, the operating system and the backups; the rest shared as the work asks.
    const working = cores - 1;
    const perSecond = ({ app, database }) => (app && database ? (working * 1000) / (app + database) : null);
    const appServers = page.app && page.database ? Math.round((working * page.app) / (page.app + page.database)) : null;
    return `${cores} cores: about ${fmt.int(perSecond(page))} catalog pages/s or ${fmt.int(perSecond(checkout))} checkouts/s, with ${appServers ?? "–"} app servers and the rest for PostgreSQL`;
  };
  return [
    "",
    "### Several servers behind nginx (scale-out)",
    "",
    `The demo catalog on a throwaway PostgreSQL (\`fsync=off\`), served by 1, 2 and 3 app servers (each its own ` +
      `process and port, page cache off) behind Debian's nginx with \`deploy/nginx/storefront.conf\`. Through nginx, ` +
      `${c.connections} connections read the catalog's first page, then run the checkout flow above. CPU is the app ` +
      `servers' main threads together + PostgreSQL's processes, per page or per checkout placed. This machine has ` +
      `${scaleOut.cores} cores for everything: the load generator, nginx, PostgreSQL and the app servers.`,
    "",
    table(
      [
        "App servers",
        "Catalog pages/s",
        "CPU per page (app + PostgreSQL)",
        "Checkouts/s",
        "CPU per checkout (app + PostgreSQL)",
        "vs 1 server (pages / checkouts)",
        "Errors; stock",
      ],
      rows,
    ),
    "",
    `Estimate from the one-server row's CPU, if the work had the cores to itself: ${[8, 16, 32].map(estimate).join("; ")}. ` +
      `Each server opens up to \`DATABASE_POOL_SIZE\` (10) connections: this cluster's \`max_connections\` of ` +
      `${scaleOut.maxConnections} holds ${Math.floor((scaleOut.maxConnections - 10) / 10)} servers with 10 to spare ` +
      `(PostgreSQL's default of 100 holds 9).`,
  ];
}
