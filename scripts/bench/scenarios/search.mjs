// Searches asked for the first time (issue 24): words, a measurement and a misspelling, every
// request a search nobody asked before (the app keeps answers per catalog generation, decision 18,
// and no setting turns that off), and suggestions as the buyer types, every request a new prefix.
// The searches come from the catalog (scripts/bench/search-asks.ts); the rows join the pages'
// rounds and the latency with a few buyers, on the store with the page cache off.
import { fmt } from "../lib/report.mjs";
import { cycle } from "./pages.mjs";

/** The rows' names (`--only` ids) and the table's labels, in the table's order. */
export const SEARCH_ROWS = [
  { name: "search-new-words", label: "Word search, a new search each time" },
  { name: "search-measurement", label: "Measurement search, new each time" },
  { name: "search-misspelt", label: "Misspelt search, new each time" },
  { name: "suggest", label: "Suggestions, a new prefix each time" },
];

/**
 * The search rows for the page plan (scenarios/pages.mjs): `searches` from catalog-asks.ts, by row
 * name. A route that answers 404 (the suggestions, before they land) leaves its row out with a line
 * saying so, and `skipped` says why, by row name, for the report.
 */
export async function searchPages(server, searches, { wanted }) {
  const rows = [];
  const skipped = {};
  for (const { name, label } of SEARCH_ROWS) {
    if (!wanted(name)) continue;
    const paths = searches[name];
    const answer = await fetch(`${server.origin}${paths[0]}`, { redirect: "manual" });
    await answer.arrayBuffer();
    if (answer.status === 404) {
      skipped[name] = `${paths[0].split("?", 1)[0]} answers 404`;
      console.log(`  skipped: ${label}: ${skipped[name]} (the route has not landed)`);
      continue;
    }
    rows.push({ name, label, server, path: paths[0], nextPath: cycle(paths) });
    console.log(`  ${label}: ${fmt.int(paths.length)} searches in turn`);
  }
  return { rows, skipped };
}
