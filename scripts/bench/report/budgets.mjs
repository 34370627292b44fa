// The budgets the store is held to (docs/benchmarks.md, "Budgets"), as data: one entry per row of
// the table, in its order. `kind` says how a row is measured and judged (ROWS below); `page` and
// `of` name the pages compared (the page plan's names), `target` the least ratio that passes.
import { fmt, table } from "../lib/report.mjs";
import { ADVERSARIAL_CONNECTIONS, HEALTHZ_CONNECTIONS } from "../scenarios/adversarial.mjs";
import { FLOOD_CONNECTIONS } from "../scenarios/flood.mjs";
import { LATENCY_CONNECTIONS } from "../scenarios/latency.mjs";
import { UPLOAD_READERS } from "../scenarios/media.mjs";
import { PURCHASE_ORDER_LINES, SETUP_CONNECTIONS } from "../scenarios/punchout.mjs";
import {
  backorderCheckoutsVsHome,
  checkoutsVsHome,
  companyCheckoutsVsHome,
  ordersVsHome,
  postgresVsHome,
} from "./operations.mjs";
import { both, judge, showBoth, showBothTimes, showTimes } from "./ratios.mjs";

const vsBare = (page, target, label) => ({ kind: "times", page, of: "bare-doc", target, label });
const search = (page, label, { target = 0.8, p99Ms = 100 } = {}) => ({
  kind: "search",
  page,
  of: "items-uncached",
  target,
  p99Ms,
  label,
});
// Issue 24: a search asked for the first time, and suggestions, every request a new one.
const firstTime = (page, label) => search(page, label, { target: 0.5, p99Ms: 60 });

export const BUDGETS = [
  vsBare("home", 4, ({ items }) => `Home, signed out, cached, ${fmt.int(items)} items, vs bare Remix document`),
  vsBare("items", 4, "Catalog page 1, cached, vs bare Remix document"),
  vsBare("product", 4, "Product page, cached, vs bare Remix document"),
  vsBare("home-uncached", 0.45, "Home, signed out, cache off, vs bare Remix document"),
  vsBare("items-uncached", 0.45, "Catalog page 1, cache off, vs bare Remix document"),
  vsBare("product-uncached", 0.45, "Product page, cache off, vs bare Remix document"),
  vsBare("home-signed-in", 0.45, "Home, signed in, vs bare Remix document"),
  // Issue 22's budgets hold by both measures: the ratio of req/s and the ratio of CPU per request.
  {
    ...vsBare("home-signed-in", 0.4, "Home, signed in, vs bare Remix document (both measures)"),
    kind: "times-both",
  },
  {
    ...vsBare("about-uncached", 0.55, "About page, cache off, vs bare Remix document (both measures)"),
    kind: "times-both",
  },
  { kind: "times", page: "healthz", of: "bare-resource", target: 0.8, label: "/healthz vs bare Remix resource route" },
  // Issue 25: uploaded pictures.
  vsBare("media", 5, "A picture variant (/media, 640 px AVIF) vs bare Remix document"),
  { kind: "upload-time", maxMs: 3000, label: "A 12-megapixel JPEG uploaded and processed (the slowest of 3)" },
  { kind: "upload-catalog", p99Ms: 100, label: `Catalog page 1 p99 meanwhile (${UPLOAD_READERS} connections)` },
  search("search-part", "Part-number search vs catalog page 1 (cache off)"),
  search("search-word", "Word search vs catalog page 1 (cache off)"),
  search("filter", "Category + spec filter vs catalog page 1 (cache off)"),
  firstTime("search-new-words", "Word search, a new search each time, vs catalog page 1 (cache off)"),
  firstTime("search-measurement", "Measurement search, new each time, vs catalog page 1 (cache off)"),
  firstTime("search-misspelt", "Misspelt search, new each time, vs catalog page 1 (cache off)"),
  search("suggest", "Suggestions, a new prefix each time, vs catalog page 1 (cache off)", { target: 2, p99Ms: 20 }),
  {
    kind: "adversarial",
    maxMs: 100,
    label: `Adversarial searches (50, ${ADVERSARIAL_CONNECTIONS} connections): the slowest request`,
  },
  { kind: "adversarial-healthz", p99Ms: 30, label: `/healthz p99 meanwhile (${HEALTHZ_CONNECTIONS} connection)` },
  { kind: "event-loop", label: "The server's event-loop delay meanwhile (reported)" },
  { kind: "flood", p99Ms: 250, label: `Catalog p99 under a flood of ${FLOOD_CONNECTIONS} sign-ins` },
  { kind: "share", page: "home", of: "healthz", target: 0.85, label: "Home (cached) vs /healthz" },
  {
    kind: "share",
    page: "home-uncached",
    of: "home-small",
    target: 0.9,
    label: ({ items, smallItems }) => `Home at ${fmt.int(items)} vs ${fmt.int(smallItems)} items (cache off)`,
  },
  {
    kind: "share",
    page: "items-uncached",
    of: "items-small",
    target: 0.9,
    label: ({ items, smallItems }) => `Catalog page 1 at ${fmt.int(items)} vs ${fmt.int(smallItems)} items (cache off)`,
  },
  { kind: "gzip", asset: "js", maxKb: 100, label: "Home page JavaScript, gzip" },
  { kind: "gzip", asset: "css", maxKb: 15, label: "Home page CSS, gzip" },
  { kind: "orders", target: 0.3, label: "Orders per second vs home page req/s (cache off)" },
  { kind: "checkouts", target: 0.5, label: "Checkouts of 3-line carts per second vs home, signed in (SQLite)" },
  { kind: "checkouts-postgres", label: "The same on PostgreSQL (reported)" },
  {
    kind: "checkouts-company",
    target: 0.5,
    label: "Checkouts on account by a company's members (terms, approval rule, credit limit) vs home, signed in",
  },
  // Issue 26: backorders.
  {
    kind: "checkouts-backorder",
    target: 0.5,
    label: "Checkouts with a backordered line per second vs home, signed in (SQLite)",
  },
  { kind: "backorder-fill", maxMs: 1000, label: "One stock arrival completing 1,000 waiting lines (with their mail)" },
  // Issue 27: documents.
  {
    kind: "order-export",
    maxSeconds: 15,
    firstByteMs: 1000,
    label: "Export of 100,000 orders (GET /dashboard/export/orders.csv)",
  },
  {
    kind: "reports",
    maxSeconds: 5,
    firstByteMs: 1000,
    label: "A year's VAT return and sales by part over 1,000,000 invoice lines (GET /dashboard/reports/….csv)",
  },
  { kind: "invoice-pdf", target: 20, label: "Invoice PDFs drawn per second per core (GET …/INV-….pdf)" },
  // Issue 51: e-invoices written at least as fast as their PDFs are drawn, in the same run.
  { kind: "e-invoice", target: 1, label: "E-invoices (UBL XML) written per core vs PDFs drawn (GET …/INV-….xml)" },
  { kind: "times", page: "cart", of: "home-signed-in", target: 0.9, label: "Cart page, signed in, vs home, signed in" },
  // Issue 26: a visitor's cart costs what an account's does.
  { kind: "times", page: "cart-guest", of: "cart", target: 0.9, label: "Cart page, signed out, vs signed in" },
  { kind: "no-oversell", label: "No oversell (stock check and sell-out race)" },
  // Issue 50: contract prices.
  {
    kind: "times",
    page: "items-contract",
    of: "items-signed-in",
    target: 0.9,
    label: "Catalog page 1, a buyer with a 5,000-rule company list, vs a buyer with none",
  },
  {
    kind: "times",
    page: "product-contract",
    of: "product-signed-in",
    target: 0.9,
    label: "Product page, a buyer with a 5,000-rule company list, vs a buyer with none",
  },
  {
    kind: "checkouts-contract",
    target: 0.9,
    label: "Checkouts of 3-line carts at contract prices vs the same without (SQLite)",
  },
  { kind: "price-list-import", maxSeconds: 30, label: "Import of a 50,000-rule price list, upload to applied" },
  // Issue 52: punchout.
  {
    kind: "punchout-setup",
    maxMs: 20,
    label: `Punchout setup requests answered, p99 at ${SETUP_CONNECTIONS} connections (POST /punchout/cxml/setup)`,
  },
  {
    kind: "punchout-start",
    target: 0.9,
    label: "A start link's first page vs the same buyer's signed-in catalog page",
  },
  {
    kind: "purchase-orders",
    target: 0.5,
    label: `Purchase orders of ${PURCHASE_ORDER_LINES} lines per second vs checkouts of 3-line carts (POST /punchout/cxml/order)`,
  },
  // Issue 25: the catalog as a file.
  {
    kind: "export",
    maxSeconds: 10,
    firstByteMs: 1000,
    label: ({ items }) => `Export of ${fmt.int(items)} parts`,
  },
  {
    kind: "import",
    maxSeconds: 60,
    growthMb: 256,
    label: ({ items }) => `Import of ${fmt.int(items)} parts with specs, upload to applied, and the server's memory`,
  },
  // Measured by `npm run bench:lighthouse` (scripts/bench/lighthouse.mjs), into its own section.
  { kind: "lighthouse", label: "Lighthouse on the home page", target: "95 / 100 / 100 / 100" },
];

const pass = (ok) => (ok ? "**pass**" : "**FAIL**");

/** Each kind's Target, Measured and Result cells, from the budget and the whole run. */
const ROWS = {
  times: (budget, { results }) => {
    const pair = both(results[budget.page], results[budget.of]);
    return [`≥ ${budget.target}×`, showBothTimes(pair), judge(pair, budget.target)];
  },
  "times-both": ({ page, of, target }, { results }) => {
    const pair = both(results[page], results[of]);
    const result =
      pair.wall === null || pair.cpu === null
        ? "not measured"
        : pair.wall >= target && pair.cpu >= target
          ? "**pass**"
          : `**FAIL** (${[pair.wall < target && "req/s", pair.cpu < target && "CPU"].filter(Boolean).join(" and ")})`;
    return [`≥ ${target}× by req/s and by CPU`, showBothTimes(pair), result];
  },
  search: ({ page, of, target, p99Ms }, { results, skipped }) => {
    const pair = both(results[page], results[of]);
    const p99 = results[page]?.latency?.p99 ?? null;
    return [
      `≥ ${target}×, p99 < ${p99Ms} ms`,
      `${showBothTimes(pair)}; p99 ${p99 === null ? "–" : `${fmt.ms(p99)} ms`} (${LATENCY_CONNECTIONS} connections)`,
      skipped?.[page]
        ? `skipped: ${skipped[page]}`
        : p99 === null
          ? "not measured"
          : p99 < p99Ms
            ? judge(pair, target)
            : "**FAIL** (p99)",
    ];
  },
  adversarial: ({ maxMs }, { adversarial }) => {
    if (!adversarial) return [`< ${maxMs} ms, no 5xx`, "–", "not measured"];
    const { max, p99, serverErrors, errors, timeouts } = adversarial.attack;
    const failures = [max >= maxMs && "slowest", serverErrors && "5xx", (errors || timeouts) && "errors"];
    return [
      `< ${maxMs} ms, no 5xx`,
      `max ${fmt.ms(max)} ms (p99 ${fmt.ms(p99)} ms); ${serverErrors} 5xx, ${errors} errors` +
        (adversarial.serverSlowest == null ? "" : `; the server's own slowest ${fmt.ms(adversarial.serverSlowest)} ms`),
      failures.some(Boolean) ? `**FAIL** (${failures.filter(Boolean).join(", ")})` : "**pass**",
    ];
  },
  "adversarial-healthz": ({ p99Ms }, { adversarial }) => {
    const healthz = adversarial?.healthz;
    return [
      `< ${p99Ms} ms`,
      healthz ? `${fmt.ms(healthz.p99)} ms (max ${fmt.ms(healthz.max)} ms)` : "–",
      healthz ? pass(healthz.p99 < p99Ms && healthz.unexpected === 0 && healthz.errors === 0) : "not measured",
    ];
  },
  "event-loop": (_budget, { adversarial }) => {
    const delay = adversarial?.eventLoopDelay;
    return [
      "–",
      delay ? `p99 ${fmt.ms(delay.p99Ms)} ms, max ${fmt.ms(delay.maxMs)} ms` : "–",
      adversarial ? "reported" : "not measured",
    ];
  },
  flood: ({ p99Ms }, { flood }) => {
    const p99 = flood ? flood.reading.p99 : null;
    const ok = flood ? p99 < p99Ms && flood.reading.unexpected === 0 && flood.reading.errors === 0 : null;
    return [
      `< ${p99Ms} ms, no errors`,
      p99 === null ? "–" : `${fmt.ms(p99)} ms`,
      ok === null ? "not measured" : pass(ok),
    ];
  },
  share: ({ page, of, target }, { results }) => {
    const pair = both(results[page], results[of]);
    return [`≥ ${fmt.pct(target)}`, showBoth(pair), judge(pair, target)];
  },
  gzip: ({ asset, maxKb }, { payload }) => [
    `≤ ${maxKb} KB`,
    fmt.kb(payload[asset].gzip),
    pass(payload[asset].gzip <= maxKb * 1024),
  ],
  orders: ({ target }, run) => [`≥ ${fmt.pct(target)}`, showBoth(ordersVsHome(run)), judge(ordersVsHome(run), target)],
  checkouts: ({ target }, run) => {
    const ratio = checkoutsVsHome(run);
    return [
      `≥ ${target}×`,
      ratio === null ? "–" : showTimes(ratio),
      ratio === null ? "not measured" : pass(ratio >= target && run.checkouts.consistent),
    ];
  },
  "checkouts-company": ({ target }, run) => {
    const ratio = companyCheckoutsVsHome(run);
    return [
      `≥ ${target}×`,
      ratio === null ? "–" : showTimes(ratio),
      ratio === null ? "not measured" : pass(ratio >= target && run.companyCheckouts.consistent),
    ];
  },
  "checkouts-contract": ({ target }, { checkouts, contractCheckouts }) => {
    const ratio = checkouts && contractCheckouts ? contractCheckouts.rps / checkouts.rps : null;
    return [
      `≥ ${target}×`,
      ratio === null ? "–" : showTimes(ratio),
      ratio === null ? "not measured" : pass(ratio >= target && contractCheckouts.consistent),
    ];
  },
  "punchout-setup": ({ maxMs }, { punchout }) => [
    `p99 ≤ ${maxMs} ms`,
    punchout ? `p99 ${fmt.ms(punchout.setupP99)} ms (${fmt.int(punchout.setupRps)}/s)` : "–",
    punchout ? pass(punchout.setupP99 <= maxMs && punchout.setupOther === 0) : "not measured",
  ],
  // The page a start link lands on, against the same page for the same member signed in as usual
  // (median of each, in turns); the link's own redirect is shown beside it.
  "punchout-start": ({ target }, { punchout }) => {
    const ratio = punchout ? punchout.ordinaryPageMs / punchout.startLandingMs : null;
    return [
      `≥ ${target}×`,
      ratio === null
        ? "–"
        : `${showTimes(ratio)}: ${fmt.ms(punchout.startLandingMs)} ms vs ${fmt.ms(punchout.ordinaryPageMs)} ms, ` +
          `after a ${fmt.ms(punchout.startRedirectMs)} ms redirect`,
      ratio === null ? "not measured" : pass(ratio >= target),
    ];
  },
  "purchase-orders": ({ target }, { checkouts, punchout }) => {
    const ratio = checkouts && punchout ? punchout.orderRps / checkouts.rps : null;
    return [
      `≥ ${target}×`,
      ratio === null ? "–" : `${showTimes(ratio)} (${fmt.int(punchout.orderRps)} vs ${fmt.int(checkouts.rps)}/s)`,
      ratio === null ? "not measured" : pass(ratio >= target && punchout.consistent && punchout.orderOther === 0),
    ];
  },
  "price-list-import": ({ maxSeconds }, { priceListImport }) => [
    `≤ ${maxSeconds} s`,
    priceListImport
      ? `${priceListImport.seconds.toFixed(1)} s (${fmt.int(priceListImport.rules)} rules, check ${priceListImport.checkSeconds.toFixed(1)} s)`
      : "–",
    priceListImport ? pass(priceListImport.seconds <= maxSeconds && priceListImport.rules === 50_000) : "not measured",
  ],
  "checkouts-backorder": ({ target }, run) => {
    const ratio = backorderCheckoutsVsHome(run);
    return [
      `≥ ${target}×`,
      ratio === null ? "–" : showTimes(ratio),
      ratio === null ? "not measured" : pass(ratio >= target && run.backorderCheckouts.consistent),
    ];
  },
  "backorder-fill": ({ maxMs }, { backorderFill }) => {
    const measured = backorderFill?.ms ?? null;
    return [
      `< ${fmt.int(maxMs)} ms`,
      measured === null ? "–" : `${fmt.ms(measured)} ms`,
      measured === null ? "not measured" : pass(measured < maxMs && backorderFill.ok),
    ];
  },
  "order-export": ({ maxSeconds, firstByteMs }, { orderExport }) => [
    `≤ ${maxSeconds} s, first bytes ≤ ${fmt.int(firstByteMs)} ms`,
    orderExport ? `${orderExport.seconds.toFixed(1)} s, first bytes ${fmt.ms(orderExport.firstByteMs)} ms` : "–",
    orderExport
      ? pass(
          orderExport.seconds <= maxSeconds &&
            orderExport.firstByteMs <= firstByteMs &&
            orderExport.rows >= orderExport.orders,
        )
      : "not measured",
  ],
  reports: ({ maxSeconds, firstByteMs }, { reports }) => [
    `≤ ${maxSeconds} s each, first bytes ≤ ${fmt.ms(firstByteMs)} ms`,
    reports
      ? `VAT ${reports.vatSeconds.toFixed(2)} s, by part ${reports.byPartSeconds.toFixed(2)} s ` +
        `(first bytes ${fmt.ms(reports.byPartFirstByteMs)} ms)`
      : "–",
    reports
      ? pass(
          reports.vatSeconds <= maxSeconds &&
            reports.byPartSeconds <= maxSeconds &&
            reports.byPartFirstByteMs <= firstByteMs &&
            reports.partRows > 0,
        )
      : "not measured",
  ],
  "invoice-pdf": ({ target }, { invoicePdfs }) => {
    const perCore = invoicePdfs?.perCore ?? null;
    return [
      `≥ ${target} per core`,
      perCore === null ? "–" : `${fmt.int(perCore)} per core (${fmt.int(invoicePdfs.rps)}/s)`,
      perCore === null ? "not measured" : pass(perCore >= target && invoicePdfs.errors === 0),
    ];
  },
  "e-invoice": ({ target }, { invoicePdfs }) => {
    const xml = invoicePdfs?.eInvoice?.perCore ?? null;
    const pdf = invoicePdfs?.perCore ?? null;
    if (xml === null || pdf === null) return [`≥ ${target}× the PDF's`, "–", "not measured"];
    return [
      `≥ ${target}× the PDF's`,
      `${fmt.int(xml)} per core vs ${fmt.int(pdf)}: ${showTimes(xml / pdf)}`,
      pass(xml >= target * pdf && invoicePdfs.eInvoice.errors === 0),
    ];
  },
  "checkouts-postgres": (_budget, run) => {
    const ratio = postgresVsHome(run);
    return [
      "–",
      ratio === null ? "–" : showTimes(ratio),
      ratio === null ? "not measured" : run.postgresCheckouts.checkouts.consistent ? "reported" : "**FAIL** (stock)",
    ];
  },
  "no-oversell": (_budget, { orders }) => {
    const none = orders ? orders.consistent && orders.race.ok : null;
    return ["none", none === null ? "–" : none ? "none" : "oversold", none === null ? "not measured" : pass(none)];
  },
  export: ({ maxSeconds, firstByteMs }, { catalogFile }) => {
    const exported = catalogFile?.export;
    return [
      `≤ ${maxSeconds} s, first bytes ≤ ${fmt.int(firstByteMs)} ms`,
      exported ? `${exported.seconds.toFixed(1)} s, first bytes ${fmt.ms(exported.firstByteMs)} ms` : "–",
      exported ? pass(exported.seconds <= maxSeconds && exported.firstByteMs <= firstByteMs) : "not measured",
    ];
  },
  import: ({ maxSeconds, growthMb }, { catalogFile, info }) => {
    const imported = catalogFile?.import;
    const growth = imported ? imported.rssGrowthBytes / (1024 * 1024) : null;
    const whole = imported ? imported.parts === info.config.items : false;
    return [
      `≤ ${maxSeconds} s, memory +${growthMb} MB at most`,
      imported ? `${imported.totalSeconds.toFixed(1)} s, +${growth.toFixed(0)} MB` : "–",
      imported
        ? whole
          ? pass(imported.totalSeconds <= maxSeconds && growth <= growthMb)
          : `**FAIL** (${fmt.int(imported.parts)} parts)`
        : "not measured",
    ];
  },
  "upload-time": ({ maxMs }, { uploads }) => [
    `≤ ${fmt.int(maxMs)} ms`,
    uploads ? `${fmt.int(uploads.slowestUploadMs)} ms` : "–",
    uploads ? pass(uploads.slowestUploadMs <= maxMs && uploads.allAnswered) : "not measured",
  ],
  "upload-catalog": ({ p99Ms }, { uploads }) => {
    const p99 = uploads?.catalogDuring.p99 ?? null;
    return [
      `< ${p99Ms} ms`,
      p99 === null ? "–" : `${fmt.ms(p99)} ms (${fmt.ms(uploads.catalogAlone.p99)} ms alone)`,
      p99 === null ? "not measured" : pass(p99 < p99Ms && uploads.catalogDuring.errors === 0),
    ];
  },
  lighthouse: ({ target }) => [target, "see the Lighthouse section", "`npm run bench:lighthouse`"],
};

export function budgetsSection(run) {
  const rows = BUDGETS.map((budget) => [
    typeof budget.label === "function" ? budget.label(run.info.config) : budget.label,
    ...ROWS[budget.kind](budget, run),
  ]);
  return ["", "### Budgets", "", table(["Budget", "Target", "Measured", "Result"], rows)];
}
