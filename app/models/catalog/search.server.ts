// How a search box's text finds parts (docs/decisions/0020-query-reader.md): the one file that knows
// the search documents and part-number indexes. Everything else in the catalog reads a search only
// as the ids it found, in their order.
import { PostgresAdapter, sql } from "kysely";

import type { Executor } from "~/db/db.server";
import {
  type MatchDialect,
  matchExpression,
  rankingQuery,
  withAlternatives,
  withCompletions,
} from "~/lib/search/match-expressions";
import { readQuery } from "~/lib/search/query-reader";
import { MIN_PART_NUMBER_FRAGMENT, type Term } from "~/lib/search/terms";

import { type CatalogVocabulary, catalogVocabulary, currentVocabularyIfBuilt } from "./vocabulary.server";

/**
 * The most parts a search finds, ranks and counts: past it a search costs the same however many
 * parts match, and the page says "500+". The newest are taken first (the indexes' own order), then
 * ranked. Ample for a search box: a buyer narrows with a filter long before page 42.
 */
export const SEARCH_CANDIDATES = 500;

// Tiers, best first: the whole query as the start of a part number (the exact one above the rest),
// a part number containing it, every term met, some terms met. Within a tier, the engine's rank.
// A part whose specs meet the measurements, every other term met too, comes before one that meets
// them only in its text ("module 1" in a description of a module 1.5 gear).
const TIER = {
  exactPartNumber: 0,
  partNumber: 1,
  containing: 2,
  everyTermBySpec: 3,
  everyTerm: 4,
  someTerms: 5,
} as const;

const dialectOf = (executor: Executor): MatchDialect =>
  executor.getExecutor().adapter instanceof PostgresAdapter ? "tsquery" : "fts5";

/** What a search found: its parts best first, whether there were more, and the spelling it corrected. */
export type Hits = Awaited<ReturnType<typeof searchHits>>;

type Found = { id: number; rank: number };

/**
 * The parts a query finds, best first, at most SEARCH_CANDIDATES of them. A query that starts some
 * part number lists those parts (decision 15). Otherwise the reader's terms are matched against the
 * search documents: parts meeting every term; if that finds less than a page, the query is tried
 * with its unknown words corrected to the catalog's own; if still no part meets every term, the parts
 * meeting some of them are listed. Every step is one bounded index read.
 */
export async function searchHits(query: string, executor: Executor) {
  const reading = readQuery(query);
  const dialect = dialectOf(executor);
  const ranked = new Ranked();
  const key = reading.partNumberKey;
  if (key.length >= MIN_PART_NUMBER_FRAGMENT) {
    const startingWith = await partNumbersStartingWith(key, executor);
    if (startingWith.length) {
      for (const part of startingWith) {
        ranked.add(part.exact ? TIER.exactPartNumber : TIER.partNumber, [{ id: part.id, rank: 0 }]);
      }
      return ranked.hits({ corrected: null });
    }
  }
  const vocabulary = await currentVocabularyIfBuilt({ executor });
  const termsWith = (corrections: Map<Term, string>) =>
    reading.terms.map((term) =>
      completed(withAlternatives(term, corrections.has(term) ? [corrections.get(term)!] : []), vocabulary),
    );
  let terms = termsWith(new Map());
  const meetingEveryTerm = async () => {
    for (const specsOnly of [true, false]) {
      if (ranked.skipsTier()) break;
      const expression = matchExpression(terms, dialect, "all", { specsOnly });
      ranked.add(specsOnly ? TIER.everyTermBySpec : TIER.everyTerm, await matching(expression, terms, executor));
    }
  };
  await meetingEveryTerm();
  // A code typed in pieces ("hk 2016") may still be a piece of a part number when its words met nothing.
  if (key.length >= MIN_PART_NUMBER_FRAGMENT && (mayBePartOfPartNumber(reading.terms) || ranked.size === 0)) {
    ranked.add(TIER.containing, await partNumbersContaining(key, executor));
  }
  let corrected: string | null = null;
  if (ranked.size < PAGE_WORTH) {
    const corrections = await spellingOf(reading.terms, executor);
    if (corrections.size) {
      terms = termsWith(corrections);
      corrected = correctedText(reading.text, reading.terms, corrections);
      await meetingEveryTerm();
    }
  }
  if (ranked.size === 0 && terms.length > 1) {
    ranked.add(TIER.someTerms, await matching(matchExpression(terms, dialect, "any"), terms, executor));
  }
  return ranked.hits({ corrected });
}

/** A term with its prefixes written out as the catalog's words, when the vocabulary is the catalog's as it is. */
const completed = (term: Term, vocabulary: CatalogVocabulary | null) =>
  vocabulary ? withCompletions(term, (prefix, limit) => vocabulary.complete(prefix, limit)) : term;

/**
 * A query read as one code, part number, number or bearing code may be a piece of a part number
 * ("sg-m1", "608"); words, measurements and shorthand are not ("30:1" is a ratio, not "301").
 */
const PART_NUMBER_LIKE = new Set(["code", "partNumber", "number", "bearing"]);
const mayBePartOfPartNumber = (terms: Term[]) => terms.length === 1 && PART_NUMBER_LIKE.has(terms[0].kind);

// Fewer than a catalog page of parts meeting every term: worth trying the spelling corrected.
const PAGE_WORTH = 12;

/** Parts whose number starts with the key, the exact one marked (B-tree on SQLite, trigram index on PostgreSQL). */
async function partNumbersStartingWith(key: string, executor: Executor) {
  const startsWith =
    dialectOf(executor) === "tsquery"
      ? sql<boolean>`part_number_key like ${`${key}%`}`
      : // BINARY collation: every key that starts with `key` sorts between it and `key` + "{" (after "z").
        sql<boolean>`part_number_key >= ${key} and part_number_key < ${`${key}{`}`;
  const { rows } = await sql<{ id: number; exact: number }>`
    select id, case when part_number_key = ${key} then 1 else 0 end as exact from items where ${startsWith}
    order by id desc limit ${SEARCH_CANDIDATES}`.execute(executor);
  return rows.map((row) => ({ id: Number(row.id), exact: Number(row.exact) === 1 }));
}

/** Parts whose number holds the key anywhere ("sgm1" in GW-SG-M1-20), from a trigram index. */
async function partNumbersContaining(key: string, executor: Executor): Promise<Found[]> {
  const { rows } =
    dialectOf(executor) === "tsquery"
      ? await sql<Found>`select id, 0 as rank from items where part_number_key like ${`%${key}%`}
          order by id desc limit ${SEARCH_CANDIDATES}`.execute(executor)
      : await sql<Found>`select rowid as id, 0 as rank from items_part_fts where items_part_fts match ${`"${key}"`}
          order by rowid desc limit ${SEARCH_CANDIDATES}`.execute(executor);
  return rows.map((row) => ({ id: Number(row.id), rank: 0 }));
}

/**
 * The parts an expression matches, newest first, at most SEARCH_CANDIDATES, with the engine's rank
 * (lower is better): the name, the part number and the specs weigh alike, the category less, the
 * description least. Both engines find them from their index in id order and stop at the bound, so
 * a word in half the catalog costs no more than a rare one.
 */
async function matching(expression: string | null, terms: Term[], executor: Executor): Promise<Found[]> {
  if (!expression) return [];
  const { rows } =
    dialectOf(executor) === "tsquery"
      ? await sql<Found>`
          select item_id as id, -ts_rank('{0.1, 0.4, 1, 1}', document, to_tsquery('simple', ${rankingQuery(terms) ?? expression})) as rank
          from (select item_id, document from search_documents
                where document @@ to_tsquery('simple', ${expression})
                order by item_id desc limit ${SEARCH_CANDIDATES}) as found`.execute(executor)
      : await sql<Found>`
          select rowid as id, bm25(items_search, 10, 10, 10, 4, 1) as rank from items_search
          where items_search match ${expression} order by rowid desc limit ${SEARCH_CANDIDATES}`.execute(executor);
  return rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank) }));
}

/** The words of the query the catalog does not know, each with the nearest word it does. */
async function spellingOf(terms: Term[], executor: Executor) {
  const corrections = new Map<Term, string>();
  const words = terms.filter(
    (term) => term.kind === "word" && term.phrases.length === 1 && term.phrases[0].length === 1,
  );
  if (!words.length) return corrections;
  const { corrector } = await catalogVocabulary({ executor });
  for (const term of words) {
    const suggestion = corrector.knows(term.text) ? null : corrector.suggest(term.text);
    if (suggestion) corrections.set(term, suggestion);
  }
  return corrections;
}

function correctedText(text: string, terms: Term[], corrections: Map<Term, string>) {
  let corrected = text;
  for (const term of [...terms].reverse()) {
    const word = corrections.get(term);
    if (word) corrected = `${corrected.slice(0, term.start)}${word}${corrected.slice(term.end)}`;
  }
  return corrected;
}

/** Parts found by tier, each kept in the best tier it reached, at most SEARCH_CANDIDATES. */
class Ranked {
  private readonly found = new Map<number, { tier: number; rank: number }>();
  private more = false;

  get size() {
    return this.found.size;
  }

  /**
   * Whether a tier still to come is skipped: past the bound it adds no part, only that there may
   * be more, which is then said without reading it.
   */
  skipsTier() {
    if (this.found.size >= SEARCH_CANDIDATES) this.more = true;
    return this.found.size >= SEARCH_CANDIDATES;
  }

  add(tier: number, parts: Found[]) {
    if (parts.length >= SEARCH_CANDIDATES) this.more = true;
    for (const { id, rank } of parts) {
      const known = this.found.get(id);
      if (known && (known.tier < tier || (known.tier === tier && known.rank <= rank))) continue;
      if (!known && this.found.size >= SEARCH_CANDIDATES) {
        this.more = true;
        continue;
      }
      this.found.set(id, { tier, rank });
    }
  }

  hits({ corrected }: { corrected: string | null }) {
    const ids = [...this.found]
      .sort(([idA, a], [idB, b]) => a.tier - b.tier || a.rank - b.rank || idB - idA)
      .map(([id]) => id);
    const partial = [...this.found.values()].filter((part) => part.tier === TIER.someTerms).length;
    // `fullMatches`: how many of `ids`, from the first, met every term (or the part number).
    return { ids, fullMatches: ids.length - partial, more: this.more, corrected };
  }
}

/** A search's parts as a subquery of ids, for counts and facets. */
export function hitIds({ ids }: Hits, executor: Executor) {
  return dialectOf(executor) === "tsquery"
    ? sql<{ id: number }>`select unnest(cast(${ids} as integer[])) as id`
    : sql<{ id: number }>`select value as id from json_each(${JSON.stringify(ids)})`;
}

/** A search's parts as a table of `id` and `score` (its place, best first), for the page in relevance order. */
export function rankedHits({ ids }: Hits, executor: Executor) {
  return (
    dialectOf(executor) === "tsquery"
      ? sql<{
          id: number;
          score: number;
        }>`(select id, score from unnest(cast(${ids} as integer[])) with ordinality as hit(id, score))`
      : sql<{ id: number; score: number }>`(select value as id, key as score from json_each(${JSON.stringify(ids)}))`
  ).as("hits");
}
