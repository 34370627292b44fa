import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { catalogCategories, catalogParts } from "../../../scripts/seed/catalog-data";
import { editDistance } from "./edit-distance";
import { readQuery } from "./query-reader";
import { buildVocabulary, correctQuery, editLimitFor, spellingCorrector } from "./spelling";

/** The vocabulary as the catalog will give it: names, descriptions, categories, spec names and values. */
function demoVocabulary() {
  return buildVocabulary([
    ...catalogCategories.flatMap((category) => [category.name, category.description]),
    ...catalogParts.flatMap((part) => [
      part.name,
      part.description,
      ...part.specs.flatMap((spec) => [spec.name, spec.value]),
    ]),
  ]);
}

/** One edit of a word at a place (taken modulo its length). */
function applyEdit(text: string, [kind, at, letter]: [string, number, string]) {
  const place = text.length ? at % text.length : 0;
  if (kind === "insert") return text.slice(0, place) + letter + text.slice(place);
  if (kind === "delete") return text.slice(0, place) + text.slice(place + 1);
  if (kind === "change") return text.slice(0, place) + letter + text.slice(place + 1);
  return text.slice(0, place) + text.slice(place + 1, place + 2) + text.slice(place, place + 1) + text.slice(place + 2);
}

// The textbook definition, written the long way (full table, recursion on both strings), so that the
// corrector's incremental rows agreeing with it means something.
function textbookDistance(a: string, b: string): number {
  const memo = new Map<string, number>();
  const distance = (i: number, j: number): number => {
    if (i === 0 || j === 0) return i + j;
    const key = `${i},${j}`;
    if (!memo.has(key)) {
      let best = Math.min(
        distance(i - 1, j) + 1,
        distance(i, j - 1) + 1,
        distance(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, distance(i - 2, j - 2) + 1);
      memo.set(key, best);
    }
    return memo.get(key)!;
  };
  return distance(a.length, b.length);
}

describe("editDistance", () => {
  test("counts insertions, deletions, substitutions and swaps of neighbours", () => {
    expect(editDistance("gear", "gear")).toBe(0);
    expect(editDistance("gaer", "gear")).toBe(1);
    expect(editDistance("bearng", "bearing")).toBe(1);
    expect(editDistance("hydralic", "hydraulic")).toBe(1);
    expect(editDistance("cylindr", "cylinder")).toBe(1);
    expect(editDistance("hydrolic", "hydraulic")).toBe(2);
    expect(editDistance("ca", "abc")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  test("agrees with the textbook definition", () => {
    const word = fc.string({ unit: fc.constantFrom(..."abcd"), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b)).toBe(textbookDistance(a, b));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("the demo catalog's vocabulary", () => {
  const corrector = spellingCorrector(demoVocabulary());
  const didYouMean = (query: string) => correctQuery(readQuery(query), corrector);

  test("corrects the issue's examples", () => {
    expect(didYouMean("spur gaer")).toBe("spur gear");
    expect(didYouMean("bearng")).toBe("bearing");
    expect(didYouMean("hydralic cylindr")).toBe("hydraulic cylinder");
    expect(didYouMean("sprokcet")).toBe("sprocket");
    expect(didYouMean("timming belt")).toBe("timing belt");
    expect(didYouMean("Hydrolic Cylinder")).toBe("hydraulic cylinder");
  });

  test("leaves part numbers, codes, numbers, measurements and known words alone", () => {
    expect(didYouMean("gw-sg-m1-20 gaer 608 8mm bore m6x20 ucp205")).toBe("gw-sg-m1-20 gear 608 8mm bore m6x20 ucp205");
    expect(didYouMean("spur gear")).toBeNull();
    expect(didYouMean("gw-sg-m1-2")).toBeNull();
    expect(didYouMean("6204 2rs")).toBeNull();
    // A word that starts a catalog word is matched as a prefix by the search, so it is not misspelled.
    expect(didYouMean("bear hydr")).toBeNull();
    // Short words have too many neighbours to guess at; a word with nothing near stays as typed.
    expect(didYouMean("nit")).toBeNull();
    expect(didYouMean("zzzzzz")).toBeNull();
  });

  test("keeps the rest of the query as read, stop words included", () => {
    expect(didYouMean("Bearng for a 20 mm shaft")).toBe("bearing for a 20 mm shaft");
  });
});

describe("spellingCorrector", () => {
  test("the nearest word wins, then the most frequent, then the first in order", () => {
    const corrector = spellingCorrector(
      new Map([
        ["gear", 5],
        ["gears", 50],
        ["bearing", 2],
        ["bearings", 20],
      ]),
    );
    expect(corrector.suggest("gaer")).toBe("gear");
    expect(corrector.suggest("bearng")).toBe("bearing");
    expect(corrector.suggest("bearngs")).toBe("bearings");
    expect(corrector.suggest("gear")).toBeNull();
    expect(corrector.knows("gear")).toBe(true);
    expect(corrector.knows("bea")).toBe(true);
    expect(corrector.knows("be")).toBe(false);
    expect(spellingCorrector(new Map()).suggest("gaer")).toBeNull();
  });

  test("edit limits: none up to three letters, one up to five, two from six", () => {
    expect(["nut", "gear", "gears", "bearng"].map(editLimitFor)).toEqual([0, 1, 1, 2]);
  });

  test("finds what a scan of every word finds: the walk never skips a word within the limit", () => {
    const word = fc.string({ unit: fc.constantFrom(..."abcde"), minLength: 1, maxLength: 9 });
    // Near misses of the typed word, so that many words sit right at the edge of the limit.
    const edit = fc.tuple(fc.constantFrom("insert", "delete", "change", "swap"), fc.nat(), fc.constantFrom(..."abcde"));
    const nearMiss = (typed: string) =>
      fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => edits.reduce(applyEdit, typed));
    const vocabulary = word.chain((typed) =>
      fc.tuple(fc.constant(typed), fc.uniqueArray(fc.oneof(word, nearMiss(typed)), { maxLength: 120 })),
    );
    fc.assert(
      fc.property(vocabulary, fc.integer({ min: 1, max: 5 }), ([typed, words], seed) => {
        const entries = words.filter(Boolean).map((text, index): [string, number] => [text, 1 + ((index * seed) % 5)]);
        const limit = editLimitFor(typed);
        let expected: { word: string; distance: number; count: number } | null = null;
        for (const [candidate, count] of [...entries].sort(([a], [b]) => (a < b ? -1 : 1))) {
          const distance = textbookDistance(candidate, typed);
          const better =
            !expected || distance < expected.distance || (distance === expected.distance && count > expected.count);
          if (distance <= limit && better) expected = { word: candidate, distance, count };
        }
        const suggestion = spellingCorrector(new Map(entries)).suggest(typed);
        expect(suggestion).toBe(limit && expected && expected.word !== typed ? expected.word : null);
      }),
      { numRuns: 3000 },
    );
  });
});
