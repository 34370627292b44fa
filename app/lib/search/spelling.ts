/**
 * "Did you mean": a spelling corrector over the catalog's own words. A word the catalog does not know
 * is corrected to the nearest known word within a small edit distance (a letter added, dropped,
 * changed, or two neighbours swapped), the more frequent word first among equals.
 */
import { distanceTable, fillRow } from "./edit-distance";
import type { QueryReading } from "./query-reader";
import { foldText, plainTokens, STOP_WORDS } from "./text";

/** Words with how often the catalog uses them. */
export type Vocabulary = ReadonlyMap<string, number>;

// Longer "words" are pasted junk, not misspellings; leaving them out bounds every distance row.
const MAX_WORD_LENGTH = 40;
/** A word this long or longer that starts a known word is not misspelled: search matches it as a prefix. */
const MIN_KNOWN_PREFIX = 3;

/** The words of the catalog's texts (names, descriptions, categories, spec names and values) with their counts. */
export function buildVocabulary(texts: Iterable<string>): Map<string, number> {
  const vocabulary = new Map<string, number>();
  for (const text of texts) {
    for (const word of plainTokens(foldText(text))) {
      if (/^\p{L}{2,}$/u.test(word) && word.length <= MAX_WORD_LENGTH && !STOP_WORDS.has(word)) {
        vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
      }
    }
  }
  return vocabulary;
}

/**
 * How far a word may be from its correction: short words have too many neighbours to guess at
 * ("nut", "rod" and "rot" are one letter apart), and one slip is what most typos are; a long word
 * can carry two and still be recognisable ("hydrolic").
 */
export function editLimitFor(word: string) {
  if (word.length <= 3) return 0;
  return word.length <= 5 ? 1 : 2;
}

export type SpellingCorrector = {
  /** The word is in the vocabulary, or starts a word of it (as search would match it). */
  knows(word: string): boolean;
  /** The nearest vocabulary word within editLimitFor(word), the most frequent among equals; null if none. */
  suggest(word: string): string | null;
};

/**
 * A corrector over a vocabulary. The words are kept sorted and walked as a trie: a word shares the
 * rows of the distance table for the letters it has in common with the word before it, and once
 * every cell of a row is over the limit no word with that prefix can come within it, so the walk
 * jumps past them all. A misspelling meets the prefixes it could still match rather than every word.
 * The index is three arrays beside the sorted list, built in one pass.
 */
export function spellingCorrector(vocabulary: Vocabulary): SpellingCorrector {
  const words = [...vocabulary.keys()].filter((word) => word.length <= MAX_WORD_LENGTH).sort();
  const counts = Int32Array.from(words, (word) => vocabulary.get(word) ?? 0);
  // shared[i]: how many letters words[i] has in common with words[i - 1] at its start.
  const shared = new Uint8Array(words.length);
  for (let index = 1; index < words.length; index += 1) {
    const [before, word] = [words[index - 1], words[index]];
    let length = 0;
    while (length < word.length && before[length] === word[length]) length += 1;
    shared[index] = length;
  }
  // nextShorter[i]: the first word after i sharing less with its predecessor than words[i] does.
  const nextShorter = new Int32Array(words.length).fill(words.length);
  const open: number[] = [];
  for (let index = 0; index < words.length; index += 1) {
    while (open.length && shared[open[open.length - 1]] > shared[index]) nextShorter[open.pop()!] = index;
    open.push(index);
  }
  /** The first word after `index` that does not start with its first `depth` letters. */
  const pastPrefix = (index: number, depth: number) => {
    let next = index + 1;
    // Every word between `next` and nextShorter[next] shares at least as much, so is in the block too.
    while (next < words.length && shared[next] >= depth) next = nextShorter[next];
    return next;
  };

  function knows(word: string) {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle] < word) low = middle + 1;
      else high = middle;
    }
    return words[low] === word || (word.length >= MIN_KNOWN_PREFIX && Boolean(words[low]?.startsWith(word)));
  }

  function suggest(typed: string) {
    const word = foldText(typed);
    const limit = editLimitFor(word);
    if (!limit || word.length > MAX_WORD_LENGTH) return null;
    const table = distanceTable(MAX_WORD_LENGTH, word.length);
    let best = -1;
    let bestDistance = limit + 1;
    let index = 0;
    while (index < words.length) {
      const candidate = words[index];
      // The rows for the letters the candidate shares with the word before it still hold: that word
      // was walked at least that far (a jump lands past a prefix, on a word sharing less of it).
      let depth = shared[index];
      let hopeless = false;
      while (depth < candidate.length && !hopeless) {
        depth += 1;
        hopeless = fillRow(table, depth, candidate, word) > limit;
      }
      if (hopeless) {
        index = pastPrefix(index, depth);
        continue;
      }
      const distance = table.cells[depth * table.width + word.length];
      if (distance < bestDistance || (distance === bestDistance && counts[index] > counts[best])) {
        [best, bestDistance] = [index, distance];
      }
      index += 1;
    }
    return best >= 0 && words[best] !== word ? words[best] : null;
  }

  return { knows, suggest };
}

/**
 * The query with its unknown words corrected, for "Did you mean": words only, one at a time; part
 * numbers, codes, numbers and measurements are left as they are. Null when nothing needs correcting.
 */
export function correctQuery(reading: QueryReading, corrector: SpellingCorrector): string | null {
  let text = reading.text;
  let corrected = false;
  for (const term of [...reading.terms].reverse()) {
    if (term.kind !== "word" || term.phrases.length !== 1 || term.phrases[0].length !== 1) continue;
    if (corrector.knows(term.text)) continue;
    const suggestion = corrector.suggest(term.text);
    if (!suggestion) continue;
    text = `${text.slice(0, term.start)}${suggestion}${text.slice(term.end)}`;
    corrected = true;
  }
  return corrected ? text : null;
}
