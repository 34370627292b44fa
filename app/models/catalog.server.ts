import { type ExpressionBuilder, PostgresAdapter, type RawBuilder, sql } from "kysely";
import { LRUCache } from "lru-cache";

import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { partNumberKey } from "~/lib/part-number";
import { cardColumns, type ItemDetail, type SpecInput } from "~/models/item.server";

export const CATALOG_PAGE_SIZE = 12;
export const CATALOG_SORTS = ["relevance", "price-asc", "price-desc", "name", "newest"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** What a buyer narrows the catalog by; every field comes from the URL. */
export type CatalogFilter = {
  query?: string;
  /** A category's slug. */
  category?: string;
  inStock?: boolean;
  /** Chosen values per spec name: a part matches any value of a name, and every name. */
  specs?: Record<string, string[]>;
};

export type FacetChoice = { value: string; unit: string | null; count: number };
export type SpecFacet = { name: string; choices: FacetChoice[] };
export type CategoryFacet = { slug: string; name: string; count: number };

// A part-number key shorter than this matches too much to be meant as one ("m6" is a thread size).
const MIN_PART_NUMBER_FRAGMENT = 3;
const MAX_WORDS = 8;
const MAX_CHOICES_PER_SPEC = 30;

const isPostgres = () => db.getExecutor().adapter instanceof PostgresAdapter;

/** The words of a query as the full-text index holds them: letters and digits, lower case. */
function searchWords(query: string) {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

// Scores order a search's results, lower first: part numbers above every word match, whose scores
// are the engine's own rank (bm25 on SQLite, -ts_rank on PostgreSQL: both negative or zero).
const EXACT_PART_NUMBER = -2_000_000;
const PART_NUMBER_MATCH = -1_000_000;

/** Part-number keys starting with `key` (letters and digits only), from an index on either database. */
function startsWithKey(key: string) {
  return isPostgres()
    ? sql<boolean>`part_number_key like ${`${key}%`}`
    : // BINARY collation: every key that starts with `key` sorts between it and `key` + "{" (after "z").
      sql<boolean>`part_number_key >= ${key} and part_number_key < ${`${key}{`}`;
}

/**
 * What a query finds, twice over: `ids` (every item it finds, for counts and facets, which need no
 * order) and `scored` (the same items with a score, for the page sorted by relevance). The engine's
 * rank costs about as much as finding the items, so only the page's query pays for it.
 *
 * A query that is the start of some part number (the whole number typed as printed, "GW SG M1",
 * "gwsgm120") is a part-number search: it lists those parts, the exact one first, from the B-tree
 * (SQLite) or trigram (PostgreSQL) index on the key. Anything else finds part numbers containing it
 * (trigram indexes) and names and descriptions in which every word matches as a prefix after
 * stemming. Words are reduced to letters and digits, so the match expression can never carry the
 * engine's operators.
 */
async function searchHits(query: string) {
  const key = partNumberKey(query);
  const exact = sql`case when part_number_key = ${key} then ${sql.lit(EXACT_PART_NUMBER)} else ${sql.lit(PART_NUMBER_MATCH)} end`;
  if (key.length >= MIN_PART_NUMBER_FRAGMENT && (await anyRow(sql`select 1 from items where ${startsWithKey(key)}`))) {
    return hitsFrom([
      {
        ids: sql`select id from items where ${startsWithKey(key)}`,
        scored: sql`select id, ${exact} as score from items where ${startsWithKey(key)}`,
      },
    ]);
  }
  const words = searchWords(query);
  const postgres = isPostgres();
  const branches: Branch[] = [];
  if (key.length >= MIN_PART_NUMBER_FRAGMENT) {
    const containing = postgres
      ? sql`select id from items where part_number_key like ${`%${key}%`}`
      : sql`select rowid as id from items_part_fts where items_part_fts match ${`"${key}"`}`;
    // Most word searches contain no part number: leaving the branch out spares the page's query
    // from merging two scored lists.
    if (await anyRow(containing)) {
      branches.push({
        ids: containing,
        scored: sql`select id, ${sql.lit(PART_NUMBER_MATCH)} as score from (${containing}) as containing`,
      });
    }
  }
  if (words.length && postgres) {
    const tsQuery = sql`to_tsquery('english', ${words.map((word) => `${word}:*`).join(" & ")})`;
    branches.push({
      ids: sql`select id from items where search_vector @@ ${tsQuery}`,
      scored: sql`select id, -ts_rank(search_vector, ${tsQuery}) as score from items where search_vector @@ ${tsQuery}`,
    });
  } else if (words.length) {
    const where = sql`items_fts match ${words.map((word) => `"${word}"*`).join(" AND ")}`;
    branches.push({
      ids: sql`select rowid as id from items_fts where ${where}`,
      scored: sql`select rowid as id, rank as score from items_fts where ${where}`,
    });
  }
  return hitsFrom(branches);
}

type Branch = { ids: RawBuilder<unknown>; scored: RawBuilder<unknown> };

async function anyRow(query: RawBuilder<unknown>) {
  const { rows } = await sql`${query} limit 1`.execute(db);
  return rows.length > 0;
}

function hitsFrom(branches: Branch[]) {
  if (!branches.length)
    branches = [
      { ids: sql`select id from items where 0 = 1`, scored: sql`select id, 0 as score from items where 0 = 1` },
    ];
  const union = (part: keyof Branch) =>
    sql.join(
      branches.map((branch) => branch[part]),
      sql` union all `,
    );
  return {
    // `in (…)` ignores duplicates, so the branches need no grouping here.
    ids: sql<{ id: number }>`${union("ids")}`,
    scored: (branches.length === 1
      ? sql<{ id: number; score: number }>`(${branches[0].scored})`
      : sql<{
          id: number;
          score: number;
        }>`(select id, min(score) as score from (${union("scored")}) as hit group by id)`
    ).as("hits"),
  };
}

type Where = (eb: ExpressionBuilder<Database, "items">) => ReturnType<ExpressionBuilder<Database, "items">["and"]>;

/**
 * How a chosen spec narrows the items: `in` gathers every part with the value first (cheap when
 * few have it), `exists` asks part by part (cheap when the parts are walked in order and most
 * have it, as a category's newest-first page does).
 */
type SpecTest = "in" | "exists";

/** The filters other than the search, as one condition on items. `skipSpec` leaves one spec out. */
function filterCondition(filter: CatalogFilter, skipSpec?: string, specTest: SpecTest = "in"): Where {
  return (eb) => {
    const conditions = [];
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
    for (const [name, values] of Object.entries(filter.specs ?? {})) {
      if (name === skipSpec || !values.length) continue;
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

/** A search's hits, worked out once per request and shared by the page, its count and its facets. */
type Hits = Awaited<ReturnType<typeof searchHits>> | undefined;

function hitsOf(filter: CatalogFilter): Promise<Hits> {
  return filter.query ? searchHits(filter.query) : Promise.resolve(undefined);
}

/** The items a search and filters leave, unordered: for counts and facets. */
function matchingItems(filter: CatalogFilter, hits: Hits, skipSpec?: string, specTest?: SpecTest) {
  const query = db.selectFrom("items").where(filterCondition(filter, skipSpec, specTest));
  return hits ? query.where(sql<boolean>`items.id in (${hits.ids})`) : query;
}

/** The specs a buyer chose at least one value of, with those values. */
const chosenSpecs = (filter: CatalogFilter) => Object.entries(filter.specs ?? {}).filter(([, values]) => values.length);

const hasFilters = (filter: CatalogFilter) =>
  Boolean(filter.query || filter.category || filter.inStock || chosenSpecs(filter).length);

/**
 * How many items match. The whole catalog's count is one row the database keeps exact with triggers
 * (migration 0005); anything narrower is counted from its indexes.
 */
async function countMatching(filter: CatalogFilter, hits: Hits) {
  if (!hasFilters(filter)) return countProducts();
  const { count } = await matchingItems(filter, hits)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A slice of the matches: `offset` of them skipped, then `limit`. `idsBelow` leaves out every part
 * whose id is not below it: the parts after a newest-first page's last one, or a search among the
 * parts that existed when its first page was read (parts added since would move its later pages).
 */
type Slice = { limit: number; offset: number; idsBelow?: number; specTest?: SpecTest };

/** The ids of one slice of the matches, in the order asked for. */
async function sortedIds(
  filter: CatalogFilter,
  hits: Hits,
  sort: CatalogSort,
  { limit, offset, idsBelow, specTest = "in" }: Slice,
): Promise<number[]> {
  const effective = sort === "relevance" && !hits ? "newest" : sort;
  if (effective === "relevance" && hits) {
    // Ranked and filtered on the narrow covering index (migration 0015); the page's whole rows are
    // read afterwards, for its ids only: joining every match's row before sorting cost twice as much.
    let ranked = db.selectFrom(hits.scored).innerJoin("items", "items.id", "hits.id").where(filterCondition(filter));
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
  let query = matchingItems(filter, hits, undefined, effective === "newest" ? specTest : "in").select("items.id");
  if (idsBelow !== undefined) query = query.where("items.id", "<", idsBelow);
  if (effective === "price-asc") query = query.orderBy("items.price_cents", "asc");
  if (effective === "price-desc") query = query.orderBy("items.price_cents", "desc");
  if (effective === "name") query = query.orderBy("items.name", "asc");
  const rows = await query.orderBy("items.id", "desc").limit(limit).offset(offset).execute();
  return rows.map((row) => row.id);
}

/** The cards of `ids`, in that order, read as they are now (stock and price included). */
async function cardsInOrder(ids: number[]): Promise<ItemDetail[]> {
  if (!ids.length) return [];
  const columns = [...cardColumns, "version" as const];
  const rows = (await db.selectFrom("items").select(columns).where("id", "in", ids).execute()) as ItemDetail[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A part deleted since its id was chosen is left out rather than shown empty.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of the catalog as a buyer narrowed it, with how many pages there are. */
export async function searchCatalog(filter: CatalogFilter, options: { page: number; sort?: CatalogSort }) {
  const hits = await hitsOf(filter);
  const { ids, ...page } = await pageOf(filter, hits, { total: await countMatching(filter, hits) }, options);
  return { ...page, items: await cardsInOrder(ids) };
}

/**
 * One page of `total` matches. `narrowedFrom`, when known, is how many parts the filter leaves
 * before its specs (a category's count): a newest-first page of a category then walks the category
 * and asks each part for its spec while that is expected to take fewer steps than gathering every
 * part with the value (Pressure angle 20 in Gears: 0.9 → 0.02 ms), and gathers on deep pages of a
 * rare value, where the walk would cross most of the category.
 */
async function pageOf(
  filter: CatalogFilter,
  hits: Hits,
  { total, narrowedFrom }: { total: number; narrowedFrom?: number },
  { page, sort }: { page: number; sort?: CatalogSort },
) {
  const pageCount = Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE));
  const offset = (page - 1) * CATALOG_PAGE_SIZE;
  const walkSteps = narrowedFrom === undefined ? Infinity : ((offset + CATALOG_PAGE_SIZE) * narrowedFrom) / total;
  const specTest: SpecTest = walkSteps < total ? "exists" : "in";
  // Past the end: the caller sends the buyer to the last page; no need to ask the database.
  const ids =
    offset >= total
      ? []
      : await sortedIds(filter, hits, sort ?? "relevance", { limit: CATALOG_PAGE_SIZE, offset, specTest });
  return { ids, total, page, pageCount };
}

/** What a catalog page shows besides its cards: which parts, how many, and the counts beside every choice. */
type CatalogAnswer = Awaited<ReturnType<typeof pageOf>> & { categories: CategoryFacet[]; specs: SpecFacet[] };
type PageOptions = { page: number; sort?: CatalogSort };

/**
 * The catalog page: a page of parts and the counts beside every category and spec choice. Answers
 * counted at request time are kept (see `keptAnswer`); the cards are always read as they are now.
 */
export async function browseCatalog(filter: CatalogFilter, options: PageOptions) {
  const { ids, ...answer } = isKept(filter) ? await keptAnswer(filter, options) : await workOutAnswer(filter, options);
  return { ...answer, items: await cardsInOrder(ids) };
}

/**
 * The counts already hold the total: without a chosen spec the chosen category's count (or all of
 * them), with one spec chosen while browsing a category the counts of its chosen values. So a search
 * reads its matches twice (counts, then the sorted page) rather than three times.
 */
async function workOutAnswer(filter: CatalogFilter, options: PageOptions): Promise<CatalogAnswer> {
  const hits = await hitsOf(filter);
  const [{ facets: categories, total: categoryTotal }, { facets: specs, total: specTotal }] = await Promise.all([
    categoryFacets(filter, hits),
    specFacets(filter, hits),
  ]);
  const chosenSpec = chosenSpecs(filter).length > 0;
  const total = chosenSpec ? (specTotal ?? (await countMatching(filter, hits))) : categoryTotal;
  const narrowedFrom = chosenSpec && filter.category ? categoryTotal : undefined;
  return { ...(await pageOf(filter, hits, { total, narrowedFrom }, options)), categories, specs };
}

/**
 * Which answers are kept: those counted at request time (a search: 12,000 parts match "sealed
 * bearings" in a catalog of 100,000, and counting them by category and ranking them takes 20 ms;
 * two specs chosen at once), except those that depend on stock, which every order changes
 * (migration 0017). Browsing reads counts the database keeps and needs no keeping.
 */
const isKept = (filter: CatalogFilter) => !filter.inStock && (Boolean(filter.query) || chosenSpecs(filter).length > 1);

const KEPT_ANSWERS = 500;
// Promises, so that requests for an answer being worked out wait for it instead of repeating it.
const keptAnswers = new LRUCache<string, Promise<CatalogAnswer>>({ max: KEPT_ANSWERS });

/**
 * An answer as worked out for the catalog generation read first (migration 0017): a change to the
 * catalog moves the generation in the transaction that makes it, so a later request, in this
 * process or another, asks under a new key and never sees an answer older than the data. An answer
 * worked out while a change commits may already show it; it is filed under the older generation,
 * which no request asks for once it has seen the new one. Old generations' answers fall out of the
 * cache as new ones come in.
 */
async function keptAnswer(filter: CatalogFilter, options: PageOptions) {
  const key = JSON.stringify([
    await catalogGeneration(),
    filter.query ?? "",
    filter.category ?? "",
    chosenSpecs(filter)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, values]) => [name, [...values].sort()]),
    options.page,
    options.sort ?? "relevance",
  ]);
  let answer = keptAnswers.get(key);
  if (!answer) {
    answer = workOutAnswer(filter, options);
    keptAnswers.set(key, answer);
    answer.catch(() => keptAnswers.delete(key));
  }
  return answer;
}

/** The catalog's generation (migration 0017). */
export async function catalogGeneration() {
  const row = await db.selectFrom("catalog_generation").select("generation").where("id", "=", 1).executeTakeFirst();
  return Number(row?.generation ?? 0);
}

/** The same search, sort and filters as the catalog page, a caller's slice of them (GET /api/item). */
export async function listCatalogSlice(filter: CatalogFilter, slice: Slice & { sort?: CatalogSort }) {
  return cardsInOrder(await sortedIds(filter, await hitsOf(filter), slice.sort ?? "relevance", slice));
}

/** The highest id a part has now; every part added later gets a higher one. */
export async function highestItemId() {
  const row = await db
    .selectFrom("items")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Every category with how many parts the search (and the in-stock choice) finds in it, and the total
 * those counts give for the filter without its specs: the chosen category's count, or all of them
 * (parts without a category included). Browsing without a search or the stock choice reads the
 * counts the database keeps (migrations 0005 and 0010) instead of counting.
 */
async function categoryFacets(filter: CatalogFilter, hits: Hits): Promise<{ facets: CategoryFacet[]; total: number }> {
  const categories = await listCategories();
  const totalOf = async (facets: CategoryFacet[], everything: () => number | Promise<number>) =>
    filter.category ? (facets.find((facet) => facet.slug === filter.category)?.count ?? 0) : await everything();
  if (!filter.query && !filter.inStock) {
    const facets = categories.map(({ slug, name, item_count }) => ({ slug, name, count: Number(item_count) }));
    return { facets, total: await totalOf(facets, countProducts) };
  }
  const counts = await matchingItems({ query: filter.query, inStock: filter.inStock }, hits)
    .select((eb) => ["items.category_id", eb.fn.countAll<number>().as("count")])
    .groupBy("items.category_id")
    .execute();
  const countOf = new Map(counts.map((row) => [row.category_id, Number(row.count)]));
  const facets = categories.map(({ id, slug, name }) => ({ slug, name, count: countOf.get(id) ?? 0 }));
  return { facets, total: await totalOf(facets, () => [...countOf.values()].reduce((sum, count) => sum + count, 0)) };
}

/**
 * The spec values of the parts a filter finds, with counts. A name's counts leave that name's own
 * choice out, so a count is what the list shows when that value is chosen (values of one name are
 * alternatives). Browsing a category (no search, no stock choice) reads the counts the database
 * keeps; anything narrower groups the spec rows of the parts it leaves.
 */
async function specFacets(filter: CatalogFilter, hits: Hits): Promise<{ facets: SpecFacet[]; total?: number }> {
  if (!filter.category) return { facets: [] };
  const chosen = chosenSpecs(filter);
  const chosenNames = chosen.map(([name]) => name);
  const browsing = !filter.query && !filter.inStock;
  // Only the category and at most one chosen spec narrow these counts: the database keeps them
  // (migrations 0011 and 0016). Anything narrower groups the spec rows at request time.
  const countsFor = async (skipSpec?: string) => {
    const narrowing = chosen.filter(([name]) => name !== skipSpec);
    if (browsing && !narrowing.length) return storedSpecCounts(filter.category!);
    if (browsing && narrowing.length === 1) return storedPairCounts(filter.category!, ...narrowing[0]);
    return liveSpecCounts(filter, hits, skipSpec);
  };
  const [unchosen, ...perChosen] = await Promise.all([
    countsFor(),
    ...chosenNames.map((name) => countsFor(name).then((rows) => rows.filter((row) => row.name === name))),
  ]);
  const rows = [...unchosen.filter((row) => !chosenNames.includes(row.name)), ...perChosen.flat()];
  const byName = new Map<string, FacetChoice[]>();
  for (const row of rows) {
    const choices = byName.get(row.name) ?? [];
    choices.push({ value: row.value, unit: row.unit, count: Number(row.count) });
    byName.set(row.name, choices);
  }
  const facets = [...byName.entries()]
    .filter(([name, choices]) => choices.length > 1 || chosenNames.includes(name))
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([name, choices]) => ({
      name,
      choices: choices.sort((a, b) => collator.compare(a.value, b.value)).slice(0, MAX_CHOICES_PER_SPEC),
    }));
  // One spec chosen while browsing: its values' counts (every value, before the list is cut) add up
  // to the parts listed, since a part names a spec once.
  const [only] = chosen;
  const total =
    browsing && chosen.length === 1
      ? perChosen[0].filter((row) => only[1].includes(row.value)).reduce((sum, row) => sum + Number(row.count), 0)
      : undefined;
  return { facets, total };
}

// Spec values sort as a buyer reads them: 8 before 10. Made once: building a collator costs more
// than sorting a facet list with it.
const collator = new Intl.Collator("en", { numeric: true });

type SpecCount = { name: string; value: string; unit: string | null; count: number };

async function storedSpecCounts(categorySlug: string): Promise<SpecCount[]> {
  const rows = await db
    .selectFrom("spec_counts")
    .innerJoin("categories", "categories.id", "spec_counts.category_id")
    .select(["spec_counts.name", "spec_counts.value", "spec_counts.unit", "spec_counts.items as count"])
    .where("categories.slug", "=", categorySlug)
    .where("spec_counts.items", ">", 0)
    .execute();
  return rows.map((row) => ({ ...row, unit: row.unit || null, count: Number(row.count) }));
}

/** The values of every other spec among a category's parts that carry one of `values` of `name`. */
async function storedPairCounts(categorySlug: string, name: string, values: string[]): Promise<SpecCount[]> {
  const rows = await db
    .selectFrom("spec_pair_counts")
    .innerJoin("categories", "categories.id", "spec_pair_counts.category_id")
    .select(["other_name as name", "other_value as value", "other_unit as unit"])
    .select((eb) => eb.fn.sum<number>("spec_pair_counts.items").as("count"))
    .where("categories.slug", "=", categorySlug)
    .where("spec_pair_counts.name", "=", name)
    .where("spec_pair_counts.value", "in", values)
    .where("spec_pair_counts.items", ">", 0)
    .groupBy(["other_name", "other_value", "other_unit"])
    .execute();
  return rows.map((row) => ({ ...row, unit: row.unit || null, count: Number(row.count) }));
}

/** Counts over the parts a search or several choices leave: grouped at request time. */
async function liveSpecCounts(filter: CatalogFilter, hits: Hits, skipSpec?: string): Promise<SpecCount[]> {
  return db
    .selectFrom("item_specs")
    .select(["item_specs.name", "item_specs.value", "item_specs.unit"])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("item_specs.item_id", "in", matchingItems(filter, hits, skipSpec).select("items.id"))
    .groupBy(["item_specs.name", "item_specs.value", "item_specs.unit"])
    .execute();
}

/** Every part's id and last change, in id order, a slice at a time (the sitemap's pages). */
export function listProductsForSitemap({ offset, limit }: { offset: number; limit: number }) {
  return db.selectFrom("items").select(["id", "created_at"]).orderBy("id").limit(limit).offset(offset).execute();
}

/** The number of parts, from the row the database keeps exact (migration 0005). */
export async function countProducts() {
  const row = await db.selectFrom("item_count").select("items").where("id", "=", 1).executeTakeFirst();
  return Number(row?.items ?? 0);
}

/** Every category, by name, with how many parts it holds (kept by triggers, migration 0010). */
export function listCategories() {
  return db.selectFrom("categories").select(["id", "slug", "name", "item_count"]).orderBy("name").execute();
}

/** A part with its category's slug and its specification, as the JSON API shows it. */
export type CatalogItem = ItemDetail & { category_slug: string | null; specs: SpecInput[] };

/** Adds category slugs and specifications to a list of parts: two queries, whatever its length. */
export async function withCatalogDetails(items: ItemDetail[]): Promise<CatalogItem[]> {
  if (!items.length) return [];
  const ids = items.map((item) => item.id);
  const [specs, categories] = await Promise.all([
    db
      .selectFrom("item_specs")
      .select(["item_id", "name", "value", "unit"])
      .where("item_id", "in", ids)
      .orderBy("item_id")
      .orderBy("position")
      .execute(),
    listCategories(),
  ]);
  const slugOf = new Map(categories.map((category) => [category.id, category.slug]));
  const specsOf = new Map<number, SpecInput[]>();
  for (const { item_id, ...spec } of specs) specsOf.set(item_id, [...(specsOf.get(item_id) ?? []), spec]);
  return items.map((item) => ({
    ...item,
    category_slug: item.category_id === null ? null : (slugOf.get(item.category_id) ?? null),
    specs: specsOf.get(item.id) ?? [],
  }));
}
