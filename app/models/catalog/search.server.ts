// How a search box's text finds parts, in each database's own SQL (docs/decisions/0015-catalog-search.md):
// the one file that knows the full-text and part-number indexes. Everything else in the catalog
// reads a search only as the ids it found and their scores.
import { PostgresAdapter, type RawBuilder, sql } from "kysely";

import type { Executor } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";

// A part-number key shorter than this matches too much to be meant as one ("m6" is a thread size).
const MIN_PART_NUMBER_FRAGMENT = 3;
const MAX_WORDS = 8;

const isPostgres = (executor: Executor) => executor.getExecutor().adapter instanceof PostgresAdapter;

/** The words of a query as the full-text index holds them: letters and digits, lower case. */
function searchWords(query: string) {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

// Scores order a search's results, lower first: part numbers above every word match, whose scores
// are the engine's own rank (bm25 on SQLite, -ts_rank on PostgreSQL: both negative or zero).
const EXACT_PART_NUMBER = -2_000_000;
const PART_NUMBER_MATCH = -1_000_000;

/** Part-number keys starting with `key` (letters and digits only), from an index on either database. */
function startsWithKey(key: string, postgres: boolean) {
  return postgres
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
export async function searchHits(query: string, executor: Executor) {
  const postgres = isPostgres(executor);
  const key = partNumberKey(query);
  const startsWith = startsWithKey(key, postgres);
  const exact = sql`case when part_number_key = ${key} then ${sql.lit(EXACT_PART_NUMBER)} else ${sql.lit(PART_NUMBER_MATCH)} end`;
  if (
    key.length >= MIN_PART_NUMBER_FRAGMENT &&
    (await anyRow(sql`select 1 from items where ${startsWith}`, executor))
  ) {
    return hitsFrom([
      {
        ids: sql`select id from items where ${startsWith}`,
        scored: sql`select id, ${exact} as score from items where ${startsWith}`,
      },
    ]);
  }
  const words = searchWords(query);
  const branches: Branch[] = [];
  if (key.length >= MIN_PART_NUMBER_FRAGMENT) {
    const containing = postgres
      ? sql`select id from items where part_number_key like ${`%${key}%`}`
      : sql`select rowid as id from items_part_fts where items_part_fts match ${`"${key}"`}`;
    // Most word searches contain no part number: leaving the branch out spares the page's query
    // from merging two scored lists.
    if (await anyRow(containing, executor)) {
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

/** A search's hits, worked out once per request and shared by the page, its count and its facets. */
export type Hits = Awaited<ReturnType<typeof searchHits>>;

type Branch = { ids: RawBuilder<unknown>; scored: RawBuilder<unknown> };

async function anyRow(query: RawBuilder<unknown>, executor: Executor) {
  const { rows } = await sql`${query} limit 1`.execute(executor);
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
