// `npm run bench`: build, seed a large and a small throwaway catalog, serve both with remix-serve on
// loopback, load them with autocannon, and report throughput, growth, orders and payload against
// the budgets in docs/benchmarks.md. Every load is bounded in time; the whole run takes a few minutes.
//
// Options (flag or environment variable):
//   --items N        BENCH_ITEMS        items in the large catalog (100000)
//   --reviews N      BENCH_REVIEWS      reviews in the large catalog (500000)
//   --small-items N  BENCH_SMALL_ITEMS  items in the small catalog (100; reviews are 5 per item)
//   --duration S     BENCH_DURATION     measured seconds per page and for orders (10)
//   --warmup S       BENCH_WARMUP       unmeasured seconds per page before the measurements (3)
//   --rounds N       BENCH_ROUNDS       rounds the duration is split into, pages interleaved (5)
//   --connections N  BENCH_CONNECTIONS  concurrent connections (50)
//   --port P         BENCH_PORT         first of two loopback ports, 3200–3298 (3210)
//   --only a,b       BENCH_ONLY         run only these measurements (names as in the table)
//   --profile        BENCH_PROFILE=1    run the servers under node --cpu-prof (.tmp/bench/profiles)
//   --no-write       BENCH_WRITE=0      print only; leave docs/benchmarks.md alone
//   --keep           BENCH_KEEP=1       keep the databases and the build snapshot
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { ensureBuild } from "../lib/build.mjs";
import { log, root } from "../lib/run.mjs";
import { combine, cpuFigures, measureOnServer, warmUp } from "./lib/load.mjs";
import { homePayload } from "./lib/payload.mjs";
import { fmt, loadAverage, machine, plainTable, table, writeSection } from "./lib/report.mjs";
import { benchDir, makeTempDir, seedCatalog, snapshotBuild, startServer } from "./lib/server.mjs";
import { formHeaders, placeOrder, signUp } from "./lib/session.mjs";
import { createCleanup } from "./lib/cleanup.mjs";

const env = process.env;
const { values: flags } = parseArgs({
  options: {
    items: { type: "string", default: env.BENCH_ITEMS ?? "100000" },
    reviews: { type: "string", default: env.BENCH_REVIEWS ?? "500000" },
    "small-items": { type: "string", default: env.BENCH_SMALL_ITEMS ?? "100" },
    duration: { type: "string", default: env.BENCH_DURATION ?? "10" },
    warmup: { type: "string", default: env.BENCH_WARMUP ?? "3" },
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
  rounds: Number(flags.rounds),
  connections: Number(flags.connections),
  port: Number(flags.port),
};
for (const [name, value] of Object.entries(config)) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number (got ${value})`);
}
if (!Number.isInteger(config.items) || config.items < 20) throw new Error("--items must be a whole number, at least 20");
if (!Number.isInteger(config.smallItems) || config.smallItems < 1) throw new Error("--small-items must be a whole number, at least 1");
if (config.port < 3200 || config.port + 1 > 3299) throw new Error("--port must leave two ports inside 3200–3299");
if (config.duration < 1 || config.duration > 120) throw new Error("--duration must be between 1 and 120 seconds");
if (!Number.isInteger(config.rounds) || config.rounds < 1 || config.duration / config.rounds < 1) {
  throw new Error("--rounds must be a whole number that leaves at least 1 s per slice of --duration");
}
config.slice = config.duration / config.rounds;
const only = new Set(flags.only.split(",").map((name) => name.trim()).filter(Boolean));
const wanted = (name) => only.size === 0 || only.has(name);

// The order-placement item gets stock for any run; the contention item a little, to be sold out.
const ORDER_STOCK = 10_000_000;
const CONTENTION_STOCK = 200;
const CONTENTION_SECONDS = 3;
const ORDER_FORM = { quantity: "1", address: "1 Bench Street, Testville", phone: "+1 555 0100" };

const startedAt = Date.now();
// Interrupted: the servers are killed outright, the temporary files removed, and nothing is written.
const cleanup = createCleanup({
  onSignal: (signal) => console.error(`\n${signal}: stopping the servers and removing the databases`),
});

function elapsed() {
  return `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
}

try {
  const info = { machine: machine(), loadAtStart: loadAverage(), config: { ...config } };

  // 1. The production build, and a private copy of it to serve.
  ensureBuild();
  const runDir = snapshotBuild();
  if (!flags.keep) cleanup.add(() => fs.rmSync(runDir, { recursive: true, force: true }));
  const buildDir = path.join(runDir, "build");

  // 2. Two throwaway catalogs: the large one, and a small one for the growth comparison.
  const dataDir = makeTempDir();
  if (!flags.keep) cleanup.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  log(`Seeding ${fmt.int(config.items)} items and ${fmt.int(config.reviews)} reviews (${dataDir})`);
  const largeDb = path.join(dataDir, "large.db");
  const smallDb = path.join(dataDir, "small.db");
  const largeSeed = seedCatalog(largeDb, { items: config.items, reviews: config.reviews });
  console.log(`  large catalog: ${largeSeed.seconds} s, ${fmt.kb(largeSeed.bytes)}`);
  const smallSeed = seedCatalog(smallDb, { items: config.smallItems, reviews: config.smallItems * 5 });
  console.log(`  small catalog: ${smallSeed.seconds} s`);
  info.seed = { large: largeSeed, small: smallSeed };

  // Items the benchmark needs, set before the servers start: one to order a lot of, one to sell out.
  const orderItemId = Math.max(1, Math.ceil(config.items / 3));
  const contentionItemId = Math.max(1, Math.ceil(config.items / 4));
  const pageItemId = Math.max(1, Math.ceil(config.items / 2));
  {
    const sqlite = new Database(largeDb);
    sqlite.prepare("update items set quantity = ? where id = ?").run(ORDER_STOCK, orderItemId);
    sqlite.prepare("update items set quantity = ? where id = ?").run(CONTENTION_STOCK, contentionItemId);
    // The reader's ten dashboard orders: in stock, whatever the generator rolled.
    sqlite.prepare("update items set quantity = max(quantity, 100) where id between ? and ?").run(pageItemId, pageItemId + 9);
    sqlite.close();
  }

  // 3. The servers.
  const profileDir = flags.profile ? path.join(benchDir, "profiles") : undefined;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  log(`Starting remix-serve on 127.0.0.1:${config.port} (large) and :${config.port + 1} (small)`);
  const large = await startServer({ cwd: runDir, port: config.port, databaseFile: largeDb, name: "large", profileDir });
  cleanup.add(() => (cleanup.interrupted ? large.kill() : large.stop()));
  const small = await startServer({ cwd: runDir, port: config.port + 1, databaseFile: smallDb, name: "small", profileDir });
  cleanup.add(() => (cleanup.interrupted ? small.kill() : small.stop()));

  // Two customers through the real sign-up form: one browses (with a few orders on the dashboard),
  // one places orders under load.
  const reader = await signUp(large.origin, { name: "Bench Reader", email: "bench-reader@example.com", password: "bench-password" });
  const buyer = await signUp(large.origin, { name: "Bench Buyer", email: "bench-buyer@example.com", password: "bench-password" });
  for (let index = 0; index < 10; index++) {
    const ok = await placeOrder(large.origin, reader, pageItemId + index, ORDER_FORM);
    if (!ok) throw new Error(`could not place the reader's order ${index + 1} on item ${pageItemId + index}`);
  }

  const homeHtml = await (await fetch(`${large.origin}/`)).text();

  // What each kind of response tells caches, as served.
  const firstAsset = (pattern) => homeHtml.match(pattern)?.[1];
  const cacheChecks = [
    ["Home page, signed out", "/", {}],
    ["Home page, signed in", "/", { Cookie: reader }],
    ["My Orders, signed in", "/dashboard", { Cookie: reader }],
    ["Stylesheet (hashed)", firstAsset(/href="(\/assets\/[^"]+\.css)"/), {}],
    ["Script (hashed)", firstAsset(/href="(\/assets\/[^"]+\.js)"/), {}],
    ["Item image (public/)", "/images/items/spur-gear.svg", {}],
    ["/healthz", "/healthz", {}],
  ].filter(([, url]) => url);
  const caching = [];
  for (const [label, url, headers] of cacheChecks) {
    const response = await fetch(`${large.origin}${url}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    caching.push({ label, url, status: response.status, cacheControl: response.headers.get("Cache-Control") ?? "(none)", vary: response.headers.get("Vary") ?? "" });
  }

  // 4. Measurements. On a shared machine the speed drifts from one minute to the next, so the pages
  // are measured in rounds: every page gets a short slice in each round, and a page's result is
  // the sum of its slices. Drift then falls on every page alike and the ratios hold.
  const signedIn = (cookie) => ({ headers: { Cookie: cookie } });
  const plan = [
    { name: "healthz", label: "/healthz (baseline)", server: large, path: "/healthz" },
    { name: "about", label: "About (a document, no database)", server: large, path: "/about" },
    { name: "home", label: "Home, signed out", server: large, path: "/" },
    { name: "home-small", label: `Home, signed out (${fmt.int(config.smallItems)} items)`, server: small, path: "/" },
    { name: "items", label: "Catalog page 1", server: large, path: "/items" },
    { name: "items-small", label: `Catalog page 1 (${fmt.int(config.smallItems)} items)`, server: small, path: "/items" },
    { name: "items-500", label: "Catalog page 500", server: large, path: "/items?page=500" },
    { name: "order-page", label: "Order page, signed in", server: large, path: `/order/${pageItemId}`, ...signedIn(reader) },
    { name: "dashboard", label: "My Orders (/dashboard), signed in", server: large, path: "/dashboard", ...signedIn(reader) },
  ].filter((step) => wanted(step.name));
  const optionsOf = (step, duration) => ({
    connections: config.connections,
    duration,
    url: `${step.server.origin}${step.path}`,
    headers: step.headers ?? {},
  });

  if (plan.length) log(`Warming up (${config.warmup} s a page), then ${config.rounds} rounds of ${config.slice} s a page`);
  for (const step of plan) await warmUp(optionsOf(step, config.warmup), config.warmup);
  const runs = Object.fromEntries(plan.map((step) => [step.name, []]));
  for (let round = 1; round <= config.rounds && plan.length && !cleanup.interrupted; round++) {
    const line = [];
    for (const step of plan) {
      if (cleanup.interrupted) break;
      const run = await measureOnServer(step.server, optionsOf(step, config.slice), `GET ${step.path} `);
      runs[step.name].push(run);
      line.push(`${step.name} ${fmt.int(run.rps)}`);
    }
    console.log(`  round ${round}/${config.rounds} [${elapsed()}, load ${loadAverage().split(" ")[0]}]: ${line.join(", ")} req/s`);
  }
  const results = {};
  for (const step of plan) {
    if (!runs[step.name].length) continue;
    const result = combine(runs[step.name]);
    results[step.name] = { ...result, label: step.label, path: step.path, catalog: step.server === small ? config.smallItems : config.items };
    console.log(
      `  ${step.label.padEnd(42)} ${fmt.int(result.rps).padStart(7)} req/s  p50 ${fmt.ms(result.p50).padStart(5)} ms  p99 ${fmt.ms(result.p99).padStart(5)} ms` +
        (result.cpuMs ? `  ${result.cpuMs.toFixed(2)} CPU ms/req` : "") +
        (result.unexpected || result.errors ? `  (${result.unexpected} unexpected statuses ${JSON.stringify(result.statuses)}, ${result.errors} errors)` : ""),
    );
  }

  // 5. Orders under load, then the stock check straight from the database.
  let orders = null;
  if (wanted("orders") && !cleanup.interrupted) {
    const readStock = (id) => {
      const sqlite = new Database(largeDb, { readonly: true });
      try {
        const { quantity } = sqlite.prepare("select quantity from items where id = ?").get(id);
        const { count, units } = sqlite.prepare("select count(*) as count, coalesce(sum(quantity), 0) as units from orders where item_id = ?").get(id);
        return { quantity, count, units };
      } finally {
        sqlite.close();
      }
    };
    const post = (id, duration) => ({
      url: `${large.origin}/order/${id}`,
      method: "POST",
      connections: config.connections,
      duration,
      headers: formHeaders(large.origin, buyer),
      body: new URLSearchParams(ORDER_FORM).toString(),
      expectStatus: 302,
    });
    process.stdout.write(`  ${"Place an order (POST /order/:id)".padEnd(42)} `);
    const before = readStock(orderItemId);
    await warmUp(post(orderItemId, Math.min(config.warmup, 2)), Math.min(config.warmup, 2));
    const warmed = readStock(orderItemId);
    // measureOnServer waits for the requests still in flight at the end, so the stock check below sees them all.
    const run = await measureOnServer(large, post(orderItemId, config.duration), `POST /order/${orderItemId} `);
    const placed = { ...run, ...cpuFigures([run]) };
    const after = readStock(orderItemId);
    console.log(
      `${fmt.int(placed.rps).padStart(7)} orders/s  p50 ${fmt.ms(placed.p50).padStart(5)} ms  p99 ${fmt.ms(placed.p99).padStart(5)} ms` +
        (placed.cpuMs ? `  ${placed.cpuMs.toFixed(2)} CPU ms/order` : "") +
        `  [${elapsed()}]`,
    );

    // Contention: 50 clients race for the last units of one item. Exactly the stock must sell.
    process.stdout.write(`  ${`Sell-out race (${CONTENTION_STOCK} in stock, ${CONTENTION_SECONDS} s)`.padEnd(42)} `);
    const race = await measureOnServer(large, post(contentionItemId, CONTENTION_SECONDS), `POST /order/${contentionItemId} `);
    const raced = readStock(contentionItemId);
    console.log(`${race.ok} sold, ${race.statuses[409] ?? 0} refused (409), stock left ${raced.quantity}`);

    const { latencies: _latencies, ...placedFigures } = placed;
    orders = {
      ...placedFigures,
      itemId: orderItemId,
      stockBefore: before.quantity,
      stockAfter: after.quantity,
      ordersRows: after.count - before.count,
      unitsOrdered: after.units - before.units,
      warmupOrders: warmed.count - before.count,
      consistent: before.quantity - after.quantity === after.units - before.units && after.quantity >= 0,
      race: {
        itemId: contentionItemId,
        stock: CONTENTION_STOCK,
        sold: race.ok,
        refused: race.statuses[409] ?? 0,
        other: race.total - race.ok - (race.statuses[409] ?? 0),
        ordersRows: raced.count,
        stockLeft: raced.quantity,
        ok: raced.count === CONTENTION_STOCK && raced.quantity === 0 && race.ok === CONTENTION_STOCK,
      },
    };
  }

  const payload = homePayload(buildDir, homeHtml);
  info.finishedLoad = loadAverage();
  info.elapsed = elapsed();
  await cleanup.run();

  // 6. The report.
  const markdown = render({ info, results, orders, payload, caching });
  console.log(`\n${plainText(markdown)}`);
  fs.mkdirSync(benchDir, { recursive: true });
  fs.writeFileSync(path.join(benchDir, "last-run.json"), JSON.stringify({ info, results, orders, payload, caching }, null, 2));
  if (flags["no-write"] || only.size > 0) {
    console.log("\n(docs/benchmarks.md left alone: --no-write or --only)");
  } else {
    writeSection("bench:results", markdown);
    console.log(`\nWritten to ${path.relative(root, path.join(root, "docs", "benchmarks.md"))}; raw numbers in .tmp/bench/last-run.json`);
  }
  if (profileDir) console.log(`CPU profiles in ${path.relative(root, profileDir)}; summarise with: node scripts/bench/profile-summary.mjs <file>`);
} catch (error) {
  await cleanup.run();
  throw error;
}

function plainText(markdown) {
  const out = [];
  let tableLines = [];
  const flush = () => {
    if (tableLines.length) out.push(plainTable(tableLines.join("\n")));
    tableLines = [];
  };
  for (const line of markdown.split("\n")) {
    if (line.startsWith("|")) tableLines.push(line);
    else {
      flush();
      out.push(line.replace(/\*\*/g, ""));
    }
  }
  flush();
  return out.join("\n");
}

function render({ info, results, orders, payload, caching }) {
  const { machine: m, config: c } = info;
  const ratio = (value, of) => (value && of ? value / of : null);
  const showRatio = (value) => (value === null || value === undefined ? "–" : fmt.pct(value));
  const verdict = (value, target) => (value === null ? "not measured" : value >= target ? "**pass**" : "**FAIL**");
  // Two ways to compare throughput. Measured: requests answered per wall-clock second under load.
  // CPU: requests answered per CPU-second the server used, which is what its throughput is when it
  // is the only thing running; other people's jobs on a shared machine move the first, not the second.
  const both = (a, b) => ({ wall: ratio(a?.rps, b?.rps), cpu: ratio(a?.cpuRps, b?.cpuRps) });
  const showBoth = (pair) => `${showRatio(pair.wall)} measured, ${showRatio(pair.cpu)} by CPU`;
  const judge = (pair, target) => {
    const decisive = pair.cpu ?? pair.wall;
    const result = verdict(decisive, target);
    const disagree = pair.cpu !== null && pair.wall !== null && pair.wall >= target !== pair.cpu >= target;
    return disagree ? `${result} (by CPU; the wall-clock ratio says otherwise, see the load average)` : result;
  };

  const lines = [];
  lines.push(`## Latest run: ${m.date}`);
  lines.push("");
  lines.push(
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB memory, Node ${m.node}, ${m.platform}. ` +
      `Load average (1/5/15 min) at start ${info.loadAtStart}, at the end ${info.finishedLoad}. ` +
      `autocannon with ${c.connections} connections from the same machine; each page warmed up for ${c.warmup} s, then measured for ` +
      `${c.duration} s in ${c.rounds} rounds of ${c.slice} s (every page once per round, so drift hits all pages alike); ` +
      `orders measured for ${c.duration} s. The whole run took ${info.elapsed}.`,
  );
  lines.push("");
  lines.push(
    `Catalog: ${fmt.int(c.items)} items and ${fmt.int(c.reviews)} reviews, generated in ${info.seed.large.seconds} s ` +
      `(${fmt.int(info.seed.large.bytes / 1024 / 1024)} MB of SQLite); the growth comparison runs a second server on ` +
      `${fmt.int(c.smallItems)} items and ${fmt.int(c.smallItems * 5)} reviews at the same time.`,
  );
  lines.push("");
  lines.push(
    "Columns: *req/s* is what autocannon got (wall clock); *CPU ms/req* is the server process's CPU time (user + system, " +
      "all threads, from /proc) over the requests its own log says it answered; *req/s per CPU-s* is its inverse, the " +
      "throughput of one fully busy core. On a quiet machine the two ratios agree; when other jobs share the cores, " +
      "the CPU figures are the steadier ones.",
  );
  lines.push("");
  lines.push("### Pages");
  lines.push("");
  const healthz = results.healthz;
  const rows = Object.entries(results).map(([name, r]) => [
    r.label,
    `\`${r.path}\``,
    fmt.int(r.catalog),
    fmt.int(r.rps),
    fmt.ms(r.p50),
    fmt.ms(r.p99),
    r.cpuMs ? r.cpuMs.toFixed(2) : "–",
    r.cpuRps ? fmt.int(r.cpuRps) : "–",
    name === "healthz" ? "100%" : showRatio(ratio(r.rps, healthz?.rps)),
    name === "healthz" ? "100%" : showRatio(ratio(r.cpuRps, healthz?.cpuRps)),
    fmt.kb(r.bytesPerResponse),
    r.unexpected || r.errors ? `${r.unexpected + r.errors} (${JSON.stringify(r.statuses)})` : "0",
  ]);
  lines.push(
    table(
      ["Page", "URL", "Items", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "req/s per CPU-s", "vs /healthz (req/s)", "vs /healthz (CPU)", "Response", "Failed"],
      rows,
    ),
  );
  if (healthz) {
    lines.push("");
    lines.push(
      `The baseline's rounds ran at ${healthz.rounds.map((value) => fmt.int(value)).join(", ")} req/s measured` +
        (healthz.cpuRounds.length ? ` and ${healthz.cpuRounds.map((value) => (value ? fmt.int(value) : "–")).join(", ")} req/s per CPU-second` : "") +
        ": the spread of the first is the machine, not the app.",
    );
  }

  const growthPairs = [
    ["Home", results["home-small"], results.home],
    ["Catalog page 1", results["items-small"], results.items],
  ].filter(([, smallRun, largeRun]) => smallRun && largeRun);
  if (growthPairs.length) {
    lines.push("");
    lines.push("### Growth with the catalog");
    lines.push("");
    lines.push(
      table(
        ["Page", `req/s at ${fmt.int(c.smallItems)} items`, `req/s at ${fmt.int(c.items)} items`, "ratio (req/s)", `CPU ms/req at ${fmt.int(c.smallItems)}`, `CPU ms/req at ${fmt.int(c.items)}`, "ratio (CPU)"],
        growthPairs.map(([label, smallRun, largeRun]) => {
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
        }),
      ),
    );
  }

  const ordersVsHome = orders && results.home ? both(orders, results.home) : { wall: null, cpu: null };
  if (orders) {
    lines.push("");
    lines.push("### Orders");
    lines.push("");
    lines.push(
      table(
        ["Measure", "Value"],
        [
          ["Orders placed per second (302 to /dashboard/my-order)", `${fmt.int(orders.rps)} (${fmt.int(orders.ok)} in ${orders.seconds} s)`],
          ["Latency p50 / p99", `${fmt.ms(orders.p50)} ms / ${fmt.ms(orders.p99)} ms`],
          ["Server CPU per order", orders.cpuMs ? `${orders.cpuMs.toFixed(2)} ms (${fmt.int(orders.cpuRps)} orders per CPU-second)` : "–"],
          ["Other answers", orders.unexpected || orders.errors ? `${orders.unexpected} ${JSON.stringify(orders.statuses)}, ${orders.errors} errors` : "none"],
          ["vs the home page's throughput", results.home ? showBoth(ordersVsHome) : "–"],
          [`Stock of item ${orders.itemId}: before, after`, `${fmt.int(orders.stockBefore)} → ${fmt.int(orders.stockAfter)} (−${fmt.int(orders.stockBefore - orders.stockAfter)})`],
          ["Order rows for it (warm-up included)", `${fmt.int(orders.ordersRows)} rows, ${fmt.int(orders.unitsOrdered)} units`],
          ["Stock taken = units ordered, never below zero", orders.consistent ? "yes" : "**NO**"],
          [
            `Sell-out race: ${orders.race.stock} in stock, ${c.connections} clients, ${CONTENTION_SECONDS} s`,
            `${orders.race.sold} sold, ${orders.race.refused} refused with 409, ${orders.race.other} other; ${orders.race.ordersRows} order rows, stock left ${orders.race.stockLeft}: ${orders.race.ok ? "no oversell" : "**OVERSOLD or short**"}`,
          ],
        ],
      ),
    );
  }

  lines.push("");
  lines.push("### Home page payload");
  lines.push("");
  lines.push(`From ${payload.source}${payload.fromHtmlOnly.length ? `, plus what the served HTML also loads: ${payload.fromHtmlOnly.join(", ")}` : ""}. Gzip at level 6, as remix-serve's compression sends it.`);
  lines.push("");
  lines.push(
    table(
      ["File", "Kind", "raw", "gzip"],
      [
        ...payload.files.map((file) => [`\`${file.file}\``, file.kind, fmt.kb(file.raw), fmt.kb(file.gzip)]),
        ["**JavaScript total**", "js", fmt.kb(payload.js.raw), `**${fmt.kb(payload.js.gzip)}**`],
        ["**CSS total**", "css", fmt.kb(payload.css.raw), `**${fmt.kb(payload.css.gzip)}**`],
      ],
    ),
  );

  lines.push("");
  lines.push("### Caching headers, as served");
  lines.push("");
  lines.push(
    table(
      ["Response", "URL", "Status", "Cache-Control", "Vary"],
      caching.map((row) => [row.label, `\`${row.url}\``, String(row.status), `\`${row.cacheControl}\``, row.vary]),
    ),
  );
  lines.push("");
  lines.push("### Budgets");
  lines.push("");
  const homeVsBare = both(results.home, results.healthz);
  const homeGrowth = both(results.home, results["home-small"]);
  const itemsGrowth = both(results.items, results["items-small"]);
  const noOversell = orders ? orders.consistent && orders.race.ok : null;
  lines.push(
    table(
      ["Budget", "Target", "Measured", "Result"],
      [
        [`Home, signed out, ${fmt.int(c.items)} items, vs /healthz`, "≥ 85%", showBoth(homeVsBare), judge(homeVsBare, 0.85)],
        [`Home at ${fmt.int(c.items)} vs ${fmt.int(c.smallItems)} items`, "≥ 90%", showBoth(homeGrowth), judge(homeGrowth, 0.9)],
        [`Catalog page 1 at ${fmt.int(c.items)} vs ${fmt.int(c.smallItems)} items`, "≥ 90%", showBoth(itemsGrowth), judge(itemsGrowth, 0.9)],
        ["Home page JavaScript, gzip", "≤ 100 KB", fmt.kb(payload.js.gzip), payload.js.gzip <= 100 * 1024 ? "**pass**" : "**FAIL**"],
        ["Home page CSS, gzip", "≤ 15 KB", fmt.kb(payload.css.gzip), payload.css.gzip <= 15 * 1024 ? "**pass**" : "**FAIL**"],
        ["Orders per second vs home page req/s", "≥ 30%", showBoth(ordersVsHome), judge(ordersVsHome, 0.3)],
        ["No oversell (stock check and sell-out race)", "none", noOversell === null ? "–" : noOversell ? "none" : "oversold", noOversell === null ? "not measured" : noOversell ? "**pass**" : "**FAIL**"],
        ["Lighthouse on the home page", "95 / 100 / 100 / 100", "see the Lighthouse section", "`npm run bench:lighthouse`"],
      ],
    ),
  );
  return lines.join("\n");
}
