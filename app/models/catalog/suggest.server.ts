// Suggestions as a buyer types in the header's search box (issue 24): a few parts in the catalog
// page's order, the categories the words name or the parts belong to, and whole searches to run.
import { LRUCache } from "lru-cache";

import { db, type DbOptions, type Executor } from "~/db/db.server";
import { readQuery } from "~/lib/search/query-reader";
import { foldText, plainTokens, STOP_WORDS } from "~/lib/search/text";

import { keptForGeneration } from "./kept-answers.server";
import { cardsInOrder } from "./listing.server";
import { listCategories } from "./reads.server";
import { searchHits } from "./search.server";
import { type CatalogVocabulary, catalogVocabulary } from "./vocabulary.server";

export const SUGGESTED_PARTS = 8;
export const SUGGESTED_CATEGORIES = 4;
export const SUGGESTED_SEARCHES = 4;
/** A shorter query is every search's first keystroke, and matches too much to suggest from. */
const MIN_QUERY_LENGTH = 2;
/**
 * Suggestions a process keeps. Every keystroke is a query of its own, so more are kept than pages
 * (KEPT_ANSWERS); each is a few hundred bytes.
 */
export const KEPT_SUGGESTIONS = 2_000;

export type Suggestions = {
  parts: { partNumber: string; name: string; url: string }[];
  categories: { name: string; slug: string; url: string }[];
  searches: { query: string; url: string }[];
};

type Found = Pick<Suggestions, "parts" | "categories">;
type Search = Suggestions["searches"][number];

// Only what moves the catalog generation is read into the parts and categories suggested (their
// names, part numbers and categories: WATCHED_COLUMNS), so they are kept per generation. The
// searches come from the vocabulary, which is rebuilt after a change while the one before answers
// (vocabulary.server.ts): they are kept per vocabulary, so a kept search never outlives it.
const keptFound = new LRUCache<string, Promise<Found>>({ max: KEPT_SUGGESTIONS });
const keptSearches = new WeakMap<CatalogVocabulary, LRUCache<string, Search[]>>();

// A category's name as words, read once rather than for every new prefix typed.
const keptNameWords = new LRUCache<string, string[]>({ max: 1_000 });
const wordsOfName = (name: string) => {
  let words = keptNameWords.get(name);
  if (!words) keptNameWords.set(name, (words = plainTokens(foldText(name))));
  return words;
};

/**
 * What to suggest for what a buyer has typed so far: the query as the search reads it (folded, at
 * most 200 characters). A query of fewer than two characters, or one the reader finds nothing to
 * search for in ("a b", "the"), is answered with empty lists without asking the database. As the
 * catalog page does, suggestions read inside a transaction are never kept.
 */
export async function suggestSearch(query: string, { executor = db }: DbOptions = {}): Promise<Suggestions> {
  const { text, terms } = readQuery(query);
  if (text.length < MIN_QUERY_LENGTH || !terms.length) return { parts: [], categories: [], searches: [] };
  const workOut = () => workOutSuggestions(text, executor);
  const [found, vocabulary] = await Promise.all([
    executor === db ? keptForGeneration(keptFound, [text], workOut) : workOut(),
    catalogVocabulary({ executor }),
  ]);
  return { ...found, searches: searchesFor(text, vocabulary) };
}

/**
 * Whole searches to run instead of what is typed: the query with its misspelt words corrected
 * ("spur gaer": spur gear), then the query (corrected) with its last word completed from the
 * catalog's most used words ("spur ge": spur gear, spur gears). What is typed itself is not
 * suggested: Enter searches for it.
 */
function searchesFor(text: string, vocabulary: CatalogVocabulary): Search[] {
  let kept = keptSearches.get(vocabulary);
  if (!kept) keptSearches.set(vocabulary, (kept = new LRUCache({ max: KEPT_SUGGESTIONS })));
  let searches = kept.get(text);
  if (!searches) {
    const corrected = vocabulary.correctQuery(text);
    const base = corrected ?? text;
    const lastSpace = base.lastIndexOf(" ");
    const lastWord = base.slice(lastSpace + 1);
    const completed = /^\p{L}{2,}$/u.test(lastWord)
      ? vocabulary.complete(lastWord, SUGGESTED_SEARCHES + 1).map((word) => base.slice(0, lastSpace + 1) + word)
      : [];
    searches = [...new Set([...(corrected ? [corrected] : []), ...completed])]
      .filter((search) => search !== text)
      .slice(0, SUGGESTED_SEARCHES)
      .map((search) => ({ query: search, url: `/items?${new URLSearchParams({ q: search })}` }));
    kept.set(text, searches);
  }
  return searches;
}

async function workOutSuggestions(text: string, executor: Executor): Promise<Found> {
  // The catalog page's first parts for the same search: its order, read only as far as they go.
  const hits = await searchHits(text, executor, SUGGESTED_PARTS);
  const [parts, categories] = await Promise.all([cardsInOrder(hits.ids, executor), listCategories({ executor })]);
  const words = plainTokens(text).filter((word) => word.length >= MIN_QUERY_LENGTH && !STOP_WORDS.has(word));
  const named = categories.filter((category) =>
    wordsOfName(category.name).some((nameWord) => words.some((word) => nameWord.startsWith(word))),
  );
  const byId = new Map(categories.map((category) => [category.id, category]));
  const holding = parts.flatMap((part) => (part.category_id === null ? [] : (byId.get(part.category_id) ?? [])));
  return {
    parts: parts.map((part) => ({ partNumber: part.part_number, name: part.name, url: `/items/${part.id}` })),
    categories: [...new Set([...named, ...holding])]
      .slice(0, SUGGESTED_CATEGORIES)
      .map(({ name, slug }) => ({ name, slug, url: `/items?${new URLSearchParams({ category: slug })}` })),
  };
}
