/**
 * The catalog pages the benchmark asks for, written and counted by the app's own code, so that the
 * bench never repeats the catalog's rules: the URLs as the catalog's links write them
 * (catalogHref), the word search's pages as the catalog counts them (searchCatalog, whose page size
 * and full-text query are the app's), and more new pages than an app process keeps answers for
 * (KEPT_ANSWERS). Run once by the benchmark, after seeding and before the servers start:
 *
 *   DATABASE_URL=file:/tmp/large.db tsx scripts/bench/catalog-asks.ts --part-item 50000
 *
 * Prints one JSON line on stdout: { paths, newSearchPages, wordSearchPages, catalogPages, deepest,
 * searches }, the paths by the name of the page row that loads them, `deepest` the deepest catalog
 * page and API offset the app reads (the adversarial searches ask there and past it), and
 * `searches` the URLs each search row asks in turn, each new to the app (./search-asks.ts), by row
 * name.
 */
import { parseArgs } from "node:util";

import { db } from "../../app/db/db.server";
import { catalogHref } from "../../app/lib/catalog-links";
import { catalogVocabulary, KEPT_ANSWERS, searchCatalog } from "../../app/models/catalog";
import { KEPT_SUGGESTIONS } from "../../app/models/catalog/suggest.server";
import { getItem } from "../../app/models/item";
import { type CatalogQuery, DEEPEST_OFFSET, MAX_CATALOG_PAGE } from "../../app/validation/catalog";
import { type GearSpecs, measurementSearches, misspeltSearches, newWordSearches, suggestPrefixes } from "./search-asks";

// The words and the category narrowed by a spec that the search rows load (scenarios/pages.mjs).
const WORD_SEARCH = "sealed bearings";
const FILTER = { category: "gears", spec: ["Bore:8"] };
// Each a page nobody asked for lately: twice as many as an app process keeps answers, asked in
// turn, so none is asked again while still kept ("sealed bearings" has 1,005 pages at 100,000
// parts; a smaller catalog has fewer, and then the row measures kept answers too).
const NEW_SEARCH_PAGES = 2 * KEPT_ANSWERS;
// The search rows' searches: four times what a process keeps, so none is asked again while kept
// (a small catalog has fewer measurement searches: as many as its gears give).
const SEARCHES_PER_ROW = 4 * KEPT_ANSWERS;
// Suggestions are kept apart from answers, more of them (KEPT_SUGGESTIONS): four times as many prefixes.
const SUGGEST_PREFIXES = 4 * KEPT_SUGGESTIONS;

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
  const { pageCount: catalogPages } = await searchCatalog({}, { page: 1 });
  const searches = await newSearches();
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
      catalogPages,
      deepest: { page: Math.min(catalogPages, MAX_CATALOG_PAGE), offset: DEEPEST_OFFSET },
      searches,
    }),
  );
} finally {
  await db.destroy();
}

/**
 * The search rows' URLs, from the catalog's words, gears and part numbers (./search-asks.ts); the
 * misspellings are those the catalog's own vocabulary corrects back ("Did you mean").
 */
async function newSearches() {
  const parts = await db.selectFrom("items").select(["name", "description"]).distinct().execute();
  const { correctQuery } = await catalogVocabulary({ current: true });
  const partNumbers = await db
    .selectFrom("items")
    .select("part_number")
    .orderBy("id")
    .limit(SEARCHES_PER_ROW)
    .execute();
  const words = newWordSearches(parts, SEARCHES_PER_ROW);
  const suggest = (q: string) => `/search/suggest?${new URLSearchParams({ q })}`;
  return {
    "search-new-words": words.map((q) => items({ q })),
    "search-measurement": measurementSearches(await gearSpecs(), SEARCHES_PER_ROW).map((q) => items({ q })),
    "search-misspelt": misspeltSearches(parts, correctQuery, SEARCHES_PER_ROW).map((q) => items({ q })),
    suggest: suggestPrefixes(
      words,
      partNumbers.map((row) => row.part_number),
      SUGGEST_PREFIXES,
    ).map(suggest),
  };
}

/** Every gear's type, module, teeth and bore, once each. */
async function gearSpecs() {
  const rows = await db
    .selectFrom("item_specs")
    .innerJoin("items", "items.id", "item_specs.item_id")
    .innerJoin("categories", "categories.id", "items.category_id")
    .where("categories.slug", "=", "gears")
    .where("item_specs.name", "in", ["Type", "Module", "Teeth", "Bore"])
    .select(["item_specs.item_id as id", "item_specs.name", "item_specs.value"])
    .execute();
  const byItem = new Map<number, Record<string, string>>();
  for (const row of rows) byItem.set(row.id, { ...byItem.get(row.id), [row.name]: row.value });
  const gears = new Map<string, GearSpecs>();
  for (const specsOf of byItem.values()) {
    const { Type: type, Module: module, Teeth: teeth, Bore: bore } = specsOf;
    if (type && module && teeth && bore)
      gears.set(JSON.stringify([type, module, teeth, bore]), { type, module, teeth, bore });
  }
  return [...gears.values()];
}
