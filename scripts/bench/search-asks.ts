/**
 * The searches the search rows ask (scripts/bench/scenarios/search.mjs), every one new to the app:
 * made from the catalog's own words and specs, read by the app's query reader, and told apart by
 * the key the app files a kept answer under (filterKey), so no two of a row are one kept answer.
 * Pure (catalog-asks.ts reads the catalog and prints them); the same catalog gives the same searches.
 */
import { readQuery } from "../../app/lib/search/query-reader";
import { editLimitFor } from "../../app/lib/search/spelling";
import { foldText, plainTokens, STOP_WORDS } from "../../app/lib/search/text";
import { filterKey, normalizeFilter } from "../../app/models/catalog/filter";
import { prng } from "./lib/prng.mjs";

/** A part's words as a buyer reads them. */
export type PartText = { name: string; description: string };
/** A gear's specs as stored (values without their unit). */
export type GearSpecs = { type: string; module: string; teeth: string; bore: string };

/** The measurement search of issue 24, first of its row (the row's URL in the report). */
export const MEASUREMENT_SEARCH = "spur gear m1 20t 8mm bore";

/** Fisher–Yates with a fixed seed: neighbours in the row are unlike, and every run asks the same. */
function shuffled<T>(values: T[], seed = 24) {
  const random = prng(seed);
  const out = [...values];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [out[index], out[other]] = [out[other], out[index]];
  }
  return out;
}

/** The first `limit` searches that are each a kept answer of their own (the app's key, page 1). */
function distinctAnswers(queries: Iterable<string>, limit: number) {
  const keys = new Set<string>();
  const out: string[] = [];
  for (const query of queries) {
    const key = filterKey(normalizeFilter({ query }));
    if (keys.has(key)) continue;
    keys.add(key);
    out.push(query);
    if (out.length >= limit) break;
  }
  return out;
}

/** A part's distinct words of three letters or more, in order: what a buyer would pick from its page. */
function wordsOf({ name, description }: PartText) {
  const words = plainTokens(foldText(`${name} ${description}`)).filter(
    (word) => /^\p{L}{3,}$/u.test(word) && !STOP_WORDS.has(word),
  );
  return [...new Set(words)];
}

/** Two words the query reader reads as two words (not a spec name beside a number, not a code). */
const readsAsWords = (query: string, count: number) => {
  const { terms } = readQuery(query);
  return terms.length === count && terms.every((term) => term.kind === "word");
};

/** Every pair of a part's words, in the order the part has them. */
function wordPairs(parts: PartText[]) {
  const pairs: [string, string][] = [];
  for (const part of parts) {
    const words = wordsOf(part);
    for (let first = 0; first < words.length; first++)
      for (let second = first + 1; second < words.length; second++) pairs.push([words[first], words[second]]);
  }
  return shuffled(pairs);
}

/** Word searches asked for the first time: two words of one part ("sealed bearings", "hobbed teeth"). */
export function newWordSearches(parts: PartText[], limit: number) {
  function* queries() {
    for (const pair of wordPairs(parts)) {
      const query = pair.join(" ");
      if (readsAsWords(query, 2)) yield query;
    }
  }
  return distinctAnswers(queries(), limit);
}

/**
 * Measurement searches like MEASUREMENT_SEARCH, for every gear of the catalog with a number of
 * teeth, in the ways a buyer types them: `m1` or `module 1`, `20t` or `20 teeth`, the bore glued or
 * spaced, before or after its number, the terms in any order and the gear's type first or last.
 */
export function measurementSearches(gears: GearSpecs[], limit: number) {
  const queries: string[] = [];
  for (const gear of gears) {
    if (!/^\d+$/.test(gear.teeth)) continue;
    const kind = `${foldText(gear.type).split(" ")[0]} gear`;
    const modules = [`m${gear.module}`, `module ${gear.module}`];
    const teeth = [`${gear.teeth}t`, `${gear.teeth} teeth`];
    const bores = [`${gear.bore}mm bore`, `${gear.bore} mm bore`, `bore ${gear.bore}mm`, `bore ${gear.bore} mm`];
    for (const module of modules)
      for (const tooth of teeth)
        for (const bore of bores)
          for (const order of orders([module, tooth, bore])) {
            queries.push([kind, ...order].join(" "), [...order, kind].join(" "));
          }
  }
  return distinctAnswers([MEASUREMENT_SEARCH, ...shuffled(queries)], limit);
}

/** Every order of a few terms. */
function orders(terms: string[]): string[][] {
  if (terms.length <= 1) return [terms];
  return terms.flatMap((term, index) =>
    orders([...terms.slice(0, index), ...terms.slice(index + 1)]).map((rest) => [term, ...rest]),
  );
}

/** One slip of the fingers in a word, past its first letter: two letters swapped, one dropped, doubled or wrong. */
function slipsOf(word: string) {
  const slips: string[] = [];
  for (let at = 1; at < word.length; at++) {
    if (at < word.length - 1 && word[at] !== word[at + 1])
      slips.push(`${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`);
    slips.push(`${word.slice(0, at)}${word.slice(at + 1)}`);
    slips.push(`${word.slice(0, at)}${word[at]}${word.slice(at)}`);
    const vowel = "aeiou".replace(word[at], "")[at % 4];
    if ("aeiou".includes(word[at])) slips.push(`${word.slice(0, at)}${vowel}${word.slice(at + 1)}`);
  }
  return slips;
}

/**
 * Misspelt searches: two words of one part, one of them with a slip that "Did you mean" corrects
 * back (`correct` is the app's CatalogVocabulary.correctQuery: the query with its unknown words
 * corrected, null if none).
 */
export function misspeltSearches(parts: PartText[], correct: (query: string) => string | null, limit: number) {
  const random = prng(7);
  function* queries() {
    for (const pair of wordPairs(parts)) {
      const query = pair.join(" ");
      const which = random() < 0.5 ? 0 : 1;
      const word = pair[which];
      if (editLimitFor(word) === 0 || !readsAsWords(query, 2)) continue;
      const slips = slipsOf(word);
      const slip = slips[Math.floor(random() * slips.length)];
      const typed = which === 0 ? `${slip} ${pair[1]}` : `${pair[0]} ${slip}`;
      if (correct(typed) === query) yield typed;
    }
  }
  return distinctAnswers(queries(), limit);
}

/**
 * What the search box sends as a buyer types, from two letters on: the word searches' prefixes
 * ("sp", "spu", "spur", "spur g" …) and part numbers' ("gw-s", "gw-sg" …), each once as the query
 * reader reads it (the key suggestions are kept under), and only those it finds something to search
 * for in (the app answers the others without asking the database).
 */
export function suggestPrefixes(wordSearches: string[], partNumbers: string[], limit: number) {
  const typed = (text: string, from: number) =>
    Array.from({ length: text.length - from + 1 }, (_, index) => text.slice(0, from + index)).filter(
      (prefix) => !prefix.endsWith(" ") && !prefix.endsWith("-"),
    );
  const prefixes = shuffled([
    ...wordSearches.flatMap((query) => typed(query, 2)),
    ...partNumbers.flatMap((partNumber) => typed(partNumber.toLowerCase(), 4)),
  ]);
  const read = new Set<string>();
  const out: string[] = [];
  for (const prefix of prefixes) {
    const { text, terms } = readQuery(prefix);
    if (!terms.length || read.has(text)) continue;
    read.add(text);
    out.push(prefix);
    if (out.length >= limit) break;
  }
  return out;
}
