// The pages: the yardsticks and the store's pages, every one loaded by `--connections` clients in
// the same interleaved rounds (./rounds.mjs). Names are the `--only` ids and the table's order.
import { log } from "../../lib/run.mjs";
import { elapsed } from "../lib/clock.mjs";
import { warmUp } from "../lib/load.mjs";
import { fmt, loadAverage } from "../lib/report.mjs";
import { growthPages } from "./growth.mjs";
import { figuresLine, loadOptions, measureInRounds } from "./rounds.mjs";

/** A function returning the values in turn, for ever. */
export function cycle(values) {
  let next = 0;
  return () => values[next++ % values.length];
}

/**
 * Every page the table can show, in its order: `servers` from setup/servers.mjs, `reader` the
 * browsing customer's cookie, `catalogPaths` and `newSearchPages` from scripts/bench/catalog-asks.ts,
 * `searchRows` the searches asked for the first time (./search.mjs).
 */
export function pagePlan({
  servers,
  reader,
  visitor,
  contract,
  catalogPaths,
  newSearchPages,
  searchRows = [],
  pageItemId,
  pictureHash,
  config,
}) {
  const { large, uncached, small, bare, hello } = servers;
  const signedIn = { headers: { Cookie: reader } };
  const plan = [
    { name: "hello", label: "node:http hello (the machine)", server: hello, path: "/" },
    { name: "bare-doc", label: "Bare Remix document, 20 items", server: bare, path: "/" },
    { name: "bare-resource", label: "Bare Remix resource route", server: bare, path: "/healthz" },
    { name: "healthz", label: "/healthz", server: large, path: "/healthz" },
    // An uploaded picture's variant, as a phone's browser asks for the product page's main picture.
    {
      name: "media",
      label: "Picture variant, /media (640 px AVIF)",
      server: large,
      path: `/media/${pictureHash}-640.avif`,
    },
    { name: "home", label: "Home, signed out, cached", server: large, path: "/" },
    { name: "items", label: "Catalog page 1, cached", server: large, path: "/items" },
    { name: "home-uncached", label: "Home, signed out, cache off", server: uncached, path: "/" },
    { name: "items-uncached", label: "Catalog page 1, cache off", server: uncached, path: "/items" },
    { name: "home-signed-in", label: "Home, signed in", server: large, path: "/", ...signedIn },
    // A document with no database at all: what the app costs around a page, routing included.
    { name: "about-uncached", label: "About page, cache off", server: uncached, path: "/about" },
    ...growthPages(small, config.smallItems),
    { name: "product", label: "Product page, cached", server: large, path: `/items/${pageItemId}` },
    { name: "product-uncached", label: "Product page, cache off", server: uncached, path: `/items/${pageItemId}` },
    { name: "items-500", label: "Catalog page 500, cache off", server: uncached, path: "/items?page=500" },
    // A buyer's three ways in: a part number typed as printed on the old part (spaces, any case),
    // words, and a category narrowed by a spec.
    {
      name: "search-part",
      label: "Part-number search, cache off",
      server: uncached,
      path: catalogPaths["search-part"],
    },
    { name: "search-word", label: "Word search, cache off", server: uncached, path: catalogPaths["search-word"] },
    // The same search asked for the first time: every request a page nobody asked for lately (more
    // pages than the app keeps answers, in turn), so each one is worked out (decision 18).
    {
      name: "search-word-new",
      label: "Word search, a new page each time",
      server: uncached,
      path: catalogPaths["search-word-new"],
      nextPath: cycle(newSearchPages),
    },
    { name: "filter", label: "Category + spec filter, cache off", server: uncached, path: catalogPaths.filter },
    ...searchRows,
    { name: "order-page", label: "Order page, signed in", server: large, path: `/order/${pageItemId}`, ...signedIn },
    { name: "cart", label: "Cart, signed in (3 lines)", server: large, path: "/cart", ...signedIn },
    {
      name: "cart-guest",
      label: "Cart, signed out (3 lines, the cart's own cookie)",
      server: large,
      path: "/cart",
      headers: { Cookie: visitor },
    },
    { name: "dashboard", label: "My Orders, signed in", server: large, path: "/dashboard/my-order", ...signedIn },
    // Issue 50: the same pages for a buyer whose company has a 5,000-rule price list, and for one with none.
    { name: "items-signed-in", label: "Catalog page 1, signed in", server: large, path: "/items", ...signedIn },
    {
      name: "product-signed-in",
      label: "Product page, signed in",
      server: large,
      path: `/items/${pageItemId}`,
      ...signedIn,
    },
    ...(contract
      ? [
          {
            name: "items-contract",
            label: "Catalog page 1, a 5,000-rule company list",
            server: large,
            path: "/items",
            headers: { Cookie: contract },
          },
          {
            name: "product-contract",
            label: "Product page, a 5,000-rule company list",
            server: large,
            path: `/items/${pageItemId}`,
            headers: { Cookie: contract },
          },
        ]
      : []),
  ];
  // The table's Items column: the catalog a page was served from (none for the yardsticks).
  const catalogOf = (server) =>
    server === small ? config.smallItems : server === bare || server === hello ? null : config.items;
  return plan.map((step) => ({ ...step, catalog: catalogOf(step.server) }));
}

/** Warms every page up, measures them in rounds and returns their results by name, in the plan's order. */
export async function measurePages(plan, { config, cleanup }) {
  const { connections, warmup } = config;
  if (plan.length) log(`Warming up (${warmup} s a page), then ${config.rounds} rounds of ${config.slice} s a page`);
  for (const step of plan) await warmUp(loadOptions(step, { duration: warmup, connections }), warmup);
  const combined = await measureInRounds(plan, {
    config,
    connections,
    cleanup,
    onRound: (round, runs) =>
      console.log(
        `  round ${round}/${config.rounds} [${elapsed()}, load ${loadAverage().split(" ")[0]}]: ` +
          `${runs.map(([step, run]) => `${step.name} ${fmt.int(run.rps)}`).join(", ")} req/s`,
      ),
  });
  const results = {};
  for (const step of plan) {
    const result = combined[step.name];
    if (!result) continue;
    results[step.name] = { ...result, label: step.label, path: step.path, catalog: step.catalog };
    console.log(
      figuresLine(step.label, result) +
        (result.cpuMs
          ? `  ${result.cpuMs.toFixed(2)} CPU ms/req (${result.allThreadsCpuMs.toFixed(2)} all threads)`
          : "") +
        (result.unexpected || result.errors
          ? `  (${result.unexpected} unexpected statuses ${JSON.stringify(result.statuses)}, ${result.errors} errors)`
          : ""),
    );
  }
  return results;
}
