// Answers worked out at request time, kept per catalog generation (docs/decisions/0018-kept-search-answers.md).
import { LRUCache } from "lru-cache";

import type { CategoryFacet, SpecFacet } from "./facets.server";
import { filterKey, type NormalizedFilter } from "./filter";
import { catalogGeneration } from "./generation.server";
import type { pageOf, PageOptions, SearchSummary } from "./listing.server";

/** What a catalog page shows besides its cards: which parts, how many, and the counts beside every choice. */
export type CatalogAnswer = Awaited<ReturnType<typeof pageOf>> & {
  categories: CategoryFacet[];
  specs: SpecFacet[];
  search: SearchSummary | null;
};

/**
 * The columns whose change moves the catalog generation: migration 0017's triggers watch exactly
 * these, 0023's `hidden` too (and every row added to or removed from these tables). A kept answer
 * may read only these, or what UNWATCHED_READS says is safe:
 * tests/integration/catalog-watched-columns.test.ts holds both against the triggers and against
 * every column the answers' queries read. A filter on another
 * column needs a migration that watches it, or an answer that is never kept.
 */
export const WATCHED_COLUMNS = {
  items: ["name", "description", "part_number", "part_number_key", "category_id", "price_cents", "hidden"],
  item_specs: ["item_id", "category_id", "name", "value", "unit"],
  categories: ["slug", "name"],
} as const satisfies Record<string, readonly string[]>;

const IDENTITY = "a row's identity, never changed: adding or removing a row moves the generation";

/**
 * What the answers read besides the watched columns, and why a kept answer still follows the data:
 * a `table.column`, or a whole table the database keeps from watched columns.
 */
export const UNWATCHED_READS: Record<string, string> = {
  "items.id": IDENTITY,
  "item_specs.id": IDENTITY,
  "categories.id": IDENTITY,
  "items.quantity": "stock, which every order moves: an answer that reads it (In stock only) is never kept",
  items_search:
    "SQLite's search documents: name, part number, specs, category name, description, kept by triggers on them (migration 0020)",
  search_documents: "PostgreSQL's search documents, kept like items_search (migration 0020)",
  items_name_search:
    "SQLite's narrower search index: name, part number and specs, kept by triggers on them (migration 0021)",
  "search_documents.name_document": "generated from search_documents.document (migration 0021)",
  catalog_generation:
    "the generation itself: the vocabulary that corrects a search's spelling is rebuilt for each (vocabulary.server.ts)",
  "catalog_generation.generation": "as catalog_generation",
  "catalog_generation.id": "as catalog_generation",
  items_part_fts: "SQLite's trigrams of part_number_key, kept by triggers on it (migrations 0009, 0020)",
  item_count: "the number of parts, kept by triggers on adding and removing one (migration 0005)",
  "categories.item_count": "kept by triggers on items' rows and category_id (migration 0010)",
  spec_counts: "kept by triggers on item_specs' rows and watched columns (migration 0011)",
  spec_pair_counts: "kept by triggers on item_specs' rows and watched columns (migration 0016)",
};

/**
 * Which answers are kept: those counted at request time (a search: 12,000 parts match "sealed
 * bearings" in a catalog of 100,000, and counting them by category and ranking them takes 20 ms;
 * two specs chosen at once), except those that depend on stock, which every order changes
 * (migration 0017). Browsing reads counts the database keeps and needs no keeping.
 */
export const isKept = (filter: NormalizedFilter) =>
  !filter.inStock && (Boolean(filter.query) || filter.specs.length > 1);

/** Answers a process keeps; the benchmark asks for more new pages than this (scripts/bench/catalog-asks.ts). */
export const KEPT_ANSWERS = 500;
// Promises, so that requests for an answer being worked out wait for it instead of repeating it.
const keptAnswers = new LRUCache<string, Promise<CatalogAnswer>>({ max: KEPT_ANSWERS });

/** An answer for a page of the catalog, kept as `keptForGeneration` says. */
export function keptAnswer(
  filter: NormalizedFilter,
  { page, sort = "relevance" }: PageOptions,
  workOut: () => Promise<CatalogAnswer>,
) {
  return keptForGeneration(keptAnswers, [filterKey(filter), page, sort], workOut);
}

/**
 * An answer as worked out for the catalog generation read first (migration 0017), kept in `cache`
 * under `key` and that generation: a change to the catalog moves the generation in the transaction
 * that makes it, so a later request, in this process or another, asks under a new key and never
 * sees an answer older than the data. An answer worked out while a change commits may already show
 * it; it is filed under the older generation, which no request asks for once it has seen the new
 * one. Old generations' answers fall out of the cache as new ones come in. Only what reads watched
 * columns (WATCHED_COLUMNS) may be kept so.
 */
export async function keptForGeneration<Answer>(
  cache: LRUCache<string, Promise<Answer>>,
  key: unknown[],
  workOut: () => Promise<Answer>,
) {
  const generationKey = JSON.stringify([await catalogGeneration(), ...key]);
  let answer = cache.get(generationKey);
  if (!answer) {
    answer = workOut();
    cache.set(generationKey, answer);
    answer.catch(() => cache.delete(generationKey));
  }
  return answer;
}
