// Which parts a filter leaves, how many, and one page of them in the order asked for: the query
// plan's choices live here (decision 15), the search's SQL in ./search.server.ts.
import { type ExpressionBuilder, sql } from "kysely";

import { db, type DbOptions, type Executor } from "~/db/db.server";
import { offThread } from "~/db/off-thread-reads.server";
import type { Database } from "~/db/schema";
import { cardColumns, type ItemDetail } from "~/models/item";
import { buyerUnitPriceSql, type ContractOrder } from "~/models/price-lists";
import { MAX_CATALOG_PAGE } from "~/validation/catalog";

import { type CatalogFilter, type CatalogSort, hasFilters, type NormalizedFilter, normalizeFilter } from "./filter";
import { countProducts } from "./reads.server";
import { hitIds, type Hits, rankedHits, searchHits } from "./search.server";

export const CATALOG_PAGE_SIZE = 12;

/**
 * One request's question to the catalog: its filter, its search's hits (found once and shared by
 * the page, its count and its facets) and the database it reads.
 */
export type CatalogAsk = { filter: NormalizedFilter; hits: Hits | undefined; executor: Executor };

export async function askCatalog(filter: NormalizedFilter, executor: Executor): Promise<CatalogAsk> {
  const hits = filter.query ? await searchHits(filter.query, executor) : undefined;
  // Its counts, facets and page run where the search did: in the read worker, where there is one.
  return { filter, hits, executor: offThread(executor) };
}

type Where = (eb: ExpressionBuilder<Database, "items">) => ReturnType<ExpressionBuilder<Database, "items">["and"]>;

/**
 * How a chosen spec narrows the items: `in` gathers every part with the value first (cheap when
 * few have it), `exists` asks part by part (cheap when the parts are walked in order and most
 * have it, as a category's newest-first page does).
 */
type SpecTest = "in" | "exists";

/**
 * Public parts only (migration 0023). Asked of the few hidden parts' ids, from their partial index,
 * rather than of each row: the catalog's counts and pages read covering indexes without `hidden`.
 */
export const isPublicPart = (eb: ExpressionBuilder<Database, "items">) =>
  eb(
    "items.id",
    "not in",
    eb.selectFrom("items as hidden_parts").select("hidden_parts.id").where("hidden_parts.hidden", "=", 1),
  );

/** The filters other than the search, as one condition on public items. `skipSpec` leaves one spec out. */
function filterCondition(filter: NormalizedFilter, skipSpec?: string, specTest: SpecTest = "in"): Where {
  return (eb) => {
    const conditions = [isPublicPart(eb)];
    if (filter.category) {
      conditions.push(
        eb(
          "items.category_id",
          "=",
          eb.selectFrom("categories").select("categories.id").where("categories.slug", "=", filter.category),
        ),
      );
    }
    if (filter.inStock) conditions.push(eb("items.quantity", ">", 0));
    for (const [name, values] of filter.specs) {
      if (name === skipSpec) continue;
      const carrying = eb
        .selectFrom("item_specs")
        .where("item_specs.name", "=", name)
        .where("item_specs.value", "in", values);
      conditions.push(
        specTest === "exists"
          ? eb.exists(carrying.select(sql.lit(1).as("one")).whereRef("item_specs.item_id", "=", "items.id"))
          : eb("items.id", "in", carrying.select("item_specs.item_id")),
      );
    }
    return eb.and(conditions);
  };
}

/** The items a search and filters leave, unordered: for counts and facets. */
export function matchingItems({ filter, hits, executor }: CatalogAsk, skipSpec?: string, specTest?: SpecTest) {
  const query = executor.selectFrom("items").where(filterCondition(filter, skipSpec, specTest));
  return hits ? query.where(sql<boolean>`items.id in (${hitIds(hits, executor)})`) : query;
}

/**
 * How many items match. The whole catalog's count is one row the database keeps exact with triggers
 * (migration 0005); anything narrower is counted from its indexes.
 */
export async function countMatching(ask: CatalogAsk) {
  if (!hasFilters(ask.filter)) return countProducts({ executor: ask.executor });
  // A search alone: its parts are already in hand.
  if (ask.hits && !hasFilters({ ...ask.filter, query: undefined })) return ask.hits.ids.length;
  const { count } = await matchingItems(ask)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A slice of the matches: `offset` of them skipped, then `limit`. `idsBelow` leaves out every part
 * whose id is not below it: the parts after a newest-first page's last one, or a search among the
 * parts that existed when its first page was read (parts added since would move its later pages).
 */
type Slice = { limit: number; offset: number; idsBelow?: number; specTest?: SpecTest; pricedBy?: ContractOrder };

/** The ids of one slice of the matches, in the order asked for. */
async function sortedIds(
  ask: CatalogAsk,
  sort: CatalogSort,
  { limit, offset, idsBelow, specTest = "in", pricedBy = [] }: Slice,
): Promise<number[]> {
  const { filter, hits, executor } = ask;
  const effective = sort === "relevance" && !hits ? "newest" : sort;
  if (effective === "relevance" && hits && idsBelow === undefined && !hasFilters({ ...filter, query: undefined })) {
    // A search alone: its hits are the parts, already in this order.
    return hits.ids.slice(offset, offset + limit);
  }
  if (effective === "relevance" && hits) {
    // Ranked and filtered on the narrow covering index (migration 0015); the page's whole rows are
    // read afterwards, for its ids only: joining every match's row before sorting cost twice as much.
    let ranked = executor
      .selectFrom(rankedHits(hits, executor))
      .innerJoin("items", "items.id", "hits.id")
      .where(filterCondition(filter));
    if (idsBelow !== undefined) ranked = ranked.where("items.id", "<", idsBelow);
    const rows = await ranked
      .select("hits.id")
      .orderBy("hits.score")
      .orderBy("hits.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => Number(row.id));
  }
  // Only the newest-first order walks the category's index, which is what makes `exists` cheap.
  let query = matchingItems(ask, undefined, effective === "newest" ? specTest : "in").select("items.id");
  if (idsBelow !== undefined) query = query.where("items.id", "<", idsBelow);
  // A buyer with price lists sees the catalog in order of their own prices (decision 49).
  const price = pricedBy.length ? buyerUnitPriceSql(pricedBy) : sql.ref<number>("items.price_cents");
  if (effective === "price-asc") query = query.orderBy(price, "asc");
  if (effective === "price-desc") query = query.orderBy(price, "desc");
  if (effective === "name") query = query.orderBy("items.name", "asc");
  const rows = await query.orderBy("items.id", "desc").limit(limit).offset(offset).execute();
  return rows.map((row) => row.id);
}

/** The cards of `ids`, in that order, read as they are now (stock and price included). */
export async function cardsInOrder(ids: number[], executor: Executor): Promise<ItemDetail[]> {
  if (!ids.length) return [];
  const columns = [...cardColumns, "version" as const];
  const rows = (await executor.selectFrom("items").select(columns).where("id", "in", ids).execute()) as ItemDetail[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A part deleted since its id was chosen is left out rather than shown empty.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page, its order, and the price lists of a buyer whose prices order it (none: list price). */
export type PageOptions = { page: number; sort?: CatalogSort; pricedBy?: ContractOrder };

/**
 * One page of `total` matches. `narrowedFrom`, when known, is how many parts the filter leaves
 * before its specs (a category's count): a newest-first page of a category then walks the category
 * and asks each part for its spec while that is expected to take fewer steps than gathering every
 * part with the value (Pressure angle 20 in Gears: 0.9 → 0.02 ms), and gathers on deep pages of a
 * rare value, where the walk would cross most of the category.
 */
export async function pageOf(
  ask: CatalogAsk,
  { total, narrowedFrom }: { total: number; narrowedFrom?: number },
  { page, sort, pricedBy }: PageOptions,
) {
  const pageCount = Math.min(MAX_CATALOG_PAGE, Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)));
  const offset = (page - 1) * CATALOG_PAGE_SIZE;
  const walkSteps = narrowedFrom === undefined ? Infinity : ((offset + CATALOG_PAGE_SIZE) * narrowedFrom) / total;
  const specTest: SpecTest = walkSteps < total ? "exists" : "in";
  // Past the end: the caller sends the buyer to the last page; no need to ask the database.
  const ids =
    offset >= total
      ? []
      : await sortedIds(ask, sort ?? "relevance", { limit: CATALOG_PAGE_SIZE, offset, specTest, pricedBy });
  return { ids, total, page, pageCount };
}

/**
 * What the page says of a search beside its parts: how many met every term (the rest, after them,
 * met some), whether it found more than it lists (SEARCH_CANDIDATES), and the query with its
 * spelling corrected when the correction is what found parts.
 */
export type SearchSummary = { fullMatches: number; more: boolean; corrected: string | null };

export async function summarizeSearch(ask: CatalogAsk, total: number): Promise<SearchSummary | null> {
  const { hits } = ask;
  if (!hits) return null;
  const partial = hits.ids.length - hits.fullMatches;
  // With filters, the full matches among the parts they leave are counted; without, all are.
  const fullMatches =
    !partial || total === 0
      ? total
      : hasFilters({ ...ask.filter, query: undefined })
        ? await countMatching({ ...ask, hits: { ...hits, ids: hits.ids.slice(0, hits.fullMatches) } })
        : hits.fullMatches;
  return { fullMatches, more: hits.more, corrected: hits.corrected };
}

/** One page of the catalog as a buyer narrowed it, with how many pages there are (no facets). */
export async function searchCatalog(filter: CatalogFilter, options: PageOptions, { executor = db }: DbOptions = {}) {
  const ask = await askCatalog(normalizeFilter(filter), executor);
  const { ids, ...page } = await pageOf(ask, { total: await countMatching(ask) }, options);
  return { ...page, items: await cardsInOrder(ids, executor) };
}

/** The same search, sort and filters as the catalog page, a caller's slice of them (GET /api/item). */
export async function listCatalogSlice(
  filter: CatalogFilter,
  slice: Slice & { sort?: CatalogSort },
  { executor = db }: DbOptions = {},
) {
  const ask = await askCatalog(normalizeFilter(filter), executor);
  return cardsInOrder(await sortedIds(ask, slice.sort ?? "relevance", slice), executor);
}

/** The highest id a part has now; every part added later gets a higher one. */
export async function highestItemId({ executor = db }: DbOptions = {}) {
  const row = await executor
    .selectFrom("items")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
