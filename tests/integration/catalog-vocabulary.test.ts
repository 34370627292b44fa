import { randomInt } from "node:crypto";

import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { catalogVocabulary } from "~/models/catalog";
import { searchHits } from "~/models/catalog/search.server";
import { updateItem } from "~/models/item";

import { newCategory, newItem } from "../support/builders";

// The catalog's vocabulary ("Did you mean", completions) follows the catalog (issue 24), on
// whichever database TEST_DATABASE names: its words are the parts' words as they are now.

/** A word no catalog has: letters only (numbers and codes are never vocabulary), unique per call. */
function uniqueWord(start: string) {
  return start + Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join("");
}

/** The word with its second and third letters swapped: one edit away, and the start of no word. */
const misspelt = (word: string) => `${word[0]}${word[2]}${word[1]}${word.slice(3)}`;

const capitalised = (word: string) => `${word[0].toUpperCase()}${word.slice(1)}`;

describe("the catalog's vocabulary", () => {
  test("a part renamed to a new word makes it known and its misspelling corrected to it; the old word goes", async () => {
    const [oldWord, newWord] = [uniqueWord("plov"), uniqueWord("quor")];
    const item = await newItem({ name: `${capitalised(oldWord)} bracket`, description: "A welded bracket." });
    const before = await catalogVocabulary({ current: true });
    expect(before.corrector.knows(oldWord)).toBe(true);
    expect(before.corrector.knows(newWord)).toBe(false);
    expect(before.corrector.suggest(misspelt(newWord))).toBeNull();

    await updateItem(item.id, { name: `${capitalised(newWord)} bracket` });
    const after = await catalogVocabulary({ current: true });
    expect(after.corrector.knows(newWord)).toBe(true);
    expect(after.corrector.knows(oldWord)).toBe(false);
    expect(after.corrector.suggest(misspelt(newWord))).toBe(newWord);
    expect(after.correctQuery(`${misspelt(newWord)} bracket`)).toBe(`${newWord} bracket`);
    expect(after.complete(newWord.slice(0, 5), 8)).toContain(newWord);
  });

  test("spec values and category names are words of the catalog too", async () => {
    const [material, categoryWord] = [uniqueWord("stel"), uniqueWord("cast")];
    const category = await newCategory();
    await db
      .updateTable("categories")
      .set({ name: `${capitalised(categoryWord)} parts` })
      .where("id", "=", category.id)
      .execute();
    await newItem({ category_id: category.id }, [
      { name: "Material", value: `${capitalised(material)} alloy`, unit: null },
    ]);
    const vocabulary = await catalogVocabulary({ current: true });
    expect(vocabulary.corrector.knows(material)).toBe(true);
    expect(vocabulary.corrector.knows(categoryWord)).toBe(true);
    expect(vocabulary.correctQuery(misspelt(material))).toBe(material);
  });

  test("until the changed catalog's vocabulary is built, searches are answered from the one before", async () => {
    const word = uniqueWord("vell");
    const item = await newItem({ name: "Plain plate", description: "A flat plate." });
    const before = await catalogVocabulary({ current: true });
    await updateItem(item.id, { name: `${capitalised(word)} plate` });
    // Not waiting for the rebuild: the vocabulary before the change, without the new word.
    const meanwhile = await catalogVocabulary();
    expect(meanwhile).toBe(before);
    expect(meanwhile.corrector.knows(word)).toBe(false);
    const rebuilt = await catalogVocabulary({ current: true });
    expect(rebuilt.corrector.knows(word)).toBe(true);
    expect(await catalogVocabulary()).toBe(rebuilt);
  });

  test("a word's start finds a part added a moment ago, before the vocabulary has its word and after", async () => {
    await catalogVocabulary({ current: true });
    const word = uniqueWord("zorbflux");
    const item = await newItem({ name: `${capitalised(word)} clamp`, description: "A clamp." });
    // The vocabulary is a generation behind: the engine's own prefix read finds the part.
    const started = word.slice(0, 8);
    expect((await searchHits(started, db)).ids).toContain(item.id);
    // Once it is rebuilt, the start is written out as the catalog's words, and still finds it.
    expect((await catalogVocabulary({ current: true })).complete(started, 5)).toContain(word);
    expect((await searchHits(started, db)).ids).toContain(item.id);
  });
});
