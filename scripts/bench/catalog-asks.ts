/**
 * The catalog pages the benchmark asks for, written and counted by the app's own code, so that the
 * bench never repeats the catalog's rules: the URLs as the catalog's links write them
 * (catalogHref), the word search's pages as the catalog counts them (searchCatalog, whose page size
 * and full-text query are the app's), and more new pages than an app process keeps answers for
 * (KEPT_ANSWERS). Run once by the benchmark, after seeding and before the servers start:
 *
 *   DATABASE_URL=file:/tmp/large.db tsx scripts/bench/catalog-asks.ts --part-item 50000
 *
 * Prints one JSON line on stdout: { paths, newSearchPages, wordSearchPages }, the paths by the
 * name of the page row that loads them.
 */
import { parseArgs } from "node:util";

import { db } from "../../app/db/db.server";
import { KEPT_ANSWERS, searchCatalog } from "../../app/models/catalog";
import { getItem } from "../../app/models/item.server";
import { catalogHref, type CatalogQuery } from "../../app/validation/catalog";

// The words and the category narrowed by a spec that the search rows load (scenarios/pages.mjs).
const WORD_SEARCH = "sealed bearings";
const FILTER = { category: "gears", spec: ["Bore:8"] };
// Each a page nobody asked for lately: twice as many as an app process keeps answers, asked in
// turn, so none is asked again while still kept ("sealed bearings" has 1,005 pages at 100,000
// parts; a smaller catalog has fewer, and then the row measures kept answers too).
const NEW_SEARCH_PAGES = 2 * KEPT_ANSWERS;

const { values } = parseArgs({ options: { "part-item": { type: "string" } } });
const partItemId = Number(values["part-item"]);
const items = (query: Partial<CatalogQuery>) => catalogHref("/items", query);

try {
  const part = await getItem(partItemId);
  if (!part) throw new Error(`--part-item: no item ${values["part-item"]} in ${process.env.DATABASE_URL}`);
  // As printed on the old part and typed by a buyer: spaces between the groups, any case.
  const typedPartNumber = part.part_number.toLowerCase().replace(/-/g, " ");
  const found = await searchCatalog({ query: typedPartNumber }, { page: 1 });
  if (found.items[0]?.id !== part.id) {
    throw new Error(
      `"${typedPartNumber}" does not find ${part.part_number} first: it would not measure a part-number search`,
    );
  }
  const { pageCount: wordSearchPages } = await searchCatalog({ query: WORD_SEARCH }, { page: 1 });
  const newPages = Array.from({ length: Math.min(NEW_SEARCH_PAGES, wordSearchPages - 1) }, (_, index) => index + 2);
  console.log(
    JSON.stringify({
      paths: {
        "search-part": items({ q: typedPartNumber }),
        "search-word": items({ q: WORD_SEARCH }),
        "search-word-new": items({ q: WORD_SEARCH, page: 2 }),
        filter: items(FILTER),
      },
      // With a single page there is no new one to ask for: the row asks the first again and again.
      newSearchPages: newPages.length
        ? newPages.map((page) => items({ q: WORD_SEARCH, page }))
        : [items({ q: WORD_SEARCH })],
      wordSearchPages,
    }),
  );
} finally {
  await db.destroy();
}
