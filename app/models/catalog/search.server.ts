// How a search box's text finds parts (docs/decisions/0020-query-reader.md): the one file that knows
// the search documents and part-number indexes. Everything else in the catalog reads a search only
// as the ids it found, in their order.
import { PostgresAdapter, sql } from "kysely";

import type { Executor } from "~/db/db.server";
import { offThread, readInTurn } from "~/db/off-thread-reads.server";
import { type MatchDialect, matchExpression, withAlternatives, withCompletions } from "~/lib/search/match-expressions";
import { readQuery } from "~/lib/search/query-reader";
import { MIN_PART_NUMBER_FRAGMENT, type Term } from "~/lib/search/terms";

import { Ranked, TIER } from "./ranked";
import { type CatalogVocabulary, catalogVocabulary, currentVocabularyIfBuilt } from "./vocabulary.server";

/**
 * The most parts a search finds, ranks and counts: past it a search costs the same however many
 * parts match, and the page says "500+". The newest are taken first (the indexes' own order), then
 * ranked. Ample for a search box: a buyer narrows with a filter long before page 42.
 */
export const SEARCH_CANDIDATES = 500;

const dialectOf = (executor: Executor): MatchDialect =>
  executor.getExecutor().adapter instanceof PostgresAdapter ? "tsquery" : "fts5";

/** What a search found: its parts best first, whether there were more, and the spelling it corrected. */
export type Hits = Awaited<ReturnType<typeof searchHits>>;

/**
 * The parts a query finds, best first, at most `bound` of them (SEARCH_CANDIDATES; suggestions ask
 * for the few they show, and every read stops there). A query that starts some
 * part number lists those parts (decision 15). Otherwise the reader's terms are matched against the
 * search documents: parts meeting every term; if that finds less than a page, the query is tried
 * with its unknown words corrected to the catalog's own; if still no part meets every term, the parts
 * meeting some of them are listed. Every step is one bounded index read.
 */
export async function searchHits(query: string, executor: Executor, bound = SEARCH_CANDIDATES) {
  // The index reads run in the read worker where there is one; the vocabulary is kept per database.
  const reads = offThread(executor);
  const reading = readQuery(query);
  const dialect = dialectOf(executor);
  const ranked = new Ranked(bound);
  const key = reading.partNumberKey;
  if (key.length >= MIN_PART_NUMBER_FRAGMENT) {
    const startingWith = await partNumbersStartingWith(key, reads, bound);
    if (startingWith.length) {
      for (const part of startingWith) {
        ranked.add(part.exact ? TIER.exactPartNumber : TIER.partNumber, [part.id]);
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
    // Every tier's parts meet every term somewhere in the document: when no part does (a long or
    // made-up query), a probe that stops at the first match answers for all five tiers. The probe
    // and the tiers are read in turn as one list (in the read worker, one message), stopping once
    // the parts found reach the bound, as the tiers' order would.
    const probe = matchingQuery(matchExpression(terms, dialect, "all"), reads, 1);
    if (!probe) return;
    const tiers = EVERY_TERM_TIERS.flatMap(([tier, scope]) => {
      const expression = matchExpression(terms, dialect, "all", scope);
      const query = matchingQuery(expression, reads, bound, "wordsIn" in scope ? "nameAndSpecs" : "whole");
      return query ? [{ tier, query }] : [];
    });
    const [found, ...byTier] = await readInTurn(reads, [probe, ...tiers.map(({ query }) => query)], {
      firstIsProbe: true,
      enoughIds: { bound, known: ranked.ids() },
    });
    if (!found.length) return;
    for (const [index, { tier }] of tiers.entries()) {
      if (ranked.skipsTier()) break;
      ranked.add(tier, idsOf(byTier[index]));
    }
  };
  await meetingEveryTerm();
  // A code typed in pieces ("hk 2016") may still be a piece of a part number when its words met nothing.
  if (key.length >= MIN_PART_NUMBER_FRAGMENT && (mayBePartOfPartNumber(reading.terms) || ranked.size === 0)) {
    ranked.add(TIER.containing, await partNumbersContaining(key, reads, bound));
  }
  let corrected: string | null = null;
  if (ranked.size < Math.min(PAGE_WORTH, bound)) {
    const corrections = await spellingOf(reading.terms, executor);
    if (corrections.size) {
      terms = termsWith(corrections);
      corrected = correctedText(reading.text, reading.terms, corrections);
      await meetingEveryTerm();
    }
  }
  if (ranked.size === 0 && terms.length > 1) {
    ranked.add(TIER.someTerms, await matching(matchExpression(terms, dialect, "any"), reads, bound));
  }
  return ranked.hits({ corrected });
}

/** The tiers of parts meeting every term, best first, each with where it looks (MatchScope). */
const EVERY_TERM_TIERS = [
  [TIER.everyTermBySpecInName, { specsOnly: true, wordsIn: "name" }],
  [TIER.everyTermBySpec, { specsOnly: true }],
  [TIER.everyTermInName, { wordsIn: "name" }],
  [TIER.everyTermInNameOrSpecs, { wordsIn: "nameOrSpecs" }],
  [TIER.everyTerm, {}],
] as const;

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

/** A part id that is not one of the hidden parts' (migration 0023's partial index holds those few). */
const notHidden = (id: ReturnType<typeof sql.ref>) =>
  sql<boolean>`${id} not in (select id from items where hidden = 1)`;

/** Parts whose number starts with the key, the exact one marked (B-tree on SQLite, trigram index on PostgreSQL). */
async function partNumbersStartingWith(key: string, executor: Executor, bound: number) {
  const startsWith =
    dialectOf(executor) === "tsquery"
      ? sql<boolean>`part_number_key like ${`${key}%`}`
      : // BINARY collation: every key that starts with `key` sorts between it and `key` + "{" (after "z").
        sql<boolean>`part_number_key >= ${key} and part_number_key < ${`${key}{`}`;
  const { rows } = await sql<{ id: number; exact: number }>`
    select id, case when part_number_key = ${key} then 1 else 0 end as exact from items where ${startsWith}
      and ${notHidden(sql.ref("id"))}
    order by id desc limit ${bound}`.execute(executor);
  return rows.map((row) => ({ id: Number(row.id), exact: Number(row.exact) === 1 }));
}

/** Parts whose number holds the key anywhere ("sgm1" in GW-SG-M1-20), from a trigram index. */
async function partNumbersContaining(key: string, executor: Executor, bound: number) {
  const { rows } =
    dialectOf(executor) === "tsquery"
      ? await sql<{ id: number }>`select id from items where part_number_key like ${`%${key}%`}
          and ${notHidden(sql.ref("id"))} order by id desc limit ${bound}`.execute(executor)
      : await sql<{ id: number }>`select rowid as id from items_part_fts where items_part_fts match ${`"${key}"`}
          and ${notHidden(sql.ref("rowid"))} order by rowid desc limit ${bound}`.execute(executor);
  return rows.map((row) => Number(row.id));
}

/**
 * The search indexes: the whole document, or its name, part number and specs only (migration 0021),
 * where an expression that looks for its words there alone reads only the parts that hold them there.
 */
const SEARCH_INDEXES = {
  whole: { fts5: sql.table("items_search"), tsquery: sql.ref("document") },
  nameAndSpecs: { fts5: sql.table("items_name_search"), tsquery: sql.ref("name_document") },
};

/**
 * The parts an expression matches in an index, newest first, at most `bound`. Both engines find them
 * from their index in id order and stop at the bound, so a word in half the catalog costs no more
 * than a rare one.
 */
async function matching(
  expression: string | null,
  executor: Executor,
  bound: number,
  index: keyof typeof SEARCH_INDEXES = "whole",
) {
  const query = matchingQuery(expression, executor, bound, index);
  return query ? idsOf((await executor.executeQuery<{ id: number }>(query)).rows) : [];
}

/** The query `matching` runs, compiled for `executor`; null when there is nothing to match. */
function matchingQuery(
  expression: string | null,
  executor: Executor,
  bound: number,
  index: keyof typeof SEARCH_INDEXES = "whole",
) {
  if (!expression) return null;
  const { fts5: table, tsquery: column } = SEARCH_INDEXES[index];
  return dialectOf(executor) === "tsquery"
    ? sql<{ id: number }>`select item_id as id from search_documents
          where ${column} @@ to_tsquery('simple', ${expression}) and ${notHidden(sql.ref("item_id"))}
          order by item_id desc limit ${bound}`.compile(executor)
    : sql<{ id: number }>`select rowid as id from ${table} where ${table} match ${expression}
          and ${notHidden(sql.ref("rowid"))} order by rowid desc limit ${bound}`.compile(executor);
}

/** The ids of a read's rows; a read the list stopped before answers none. */
const idsOf = (rows: readonly Record<string, unknown>[] = []) => rows.map((row) => Number(row.id));

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
