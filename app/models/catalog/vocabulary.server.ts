// The catalog's own words, for "Did you mean" and for completing a word as it is typed
// (docs/decisions/0020-query-reader.md). Built from the catalog and rebuilt when it changes.
import { db, type DbOptions, type Executor } from "~/db/db.server";
import { readQuery } from "~/lib/search/query-reader";
import { buildVocabulary, correctQuery, type SpellingCorrector, spellingCorrector } from "~/lib/search/spelling";

import { catalogGeneration } from "./generation.server";

export type CatalogVocabulary = {
  corrector: SpellingCorrector;
  /** The most used catalog words starting with `prefix`, most used first. */
  complete(prefix: string, limit: number): string[];
  /** The query with its unknown words corrected; null when there is nothing to correct. */
  correctQuery(query: string): string | null;
};

// Parts are read this many at a time, with the event loop free between reads: on SQLite every read
// holds the process, and a catalog of 100,000 parts read at once would hold it for 100 ms and more.
const PARTS_PER_READ = 1_000;

/** Every text of the catalog a buyer may type a word of, with how many parts carry it, a slice at a time. */
async function* catalogTexts(executor: Executor): AsyncGenerator<[text: string, parts: number]> {
  let after = 0;
  for (;;) {
    const parts = await executor
      .selectFrom("items")
      .select(["id", "name", "description"])
      .where("id", ">", after)
      .where("hidden", "=", 0)
      .orderBy("id")
      .limit(PARTS_PER_READ)
      .execute();
    for (const part of parts) yield [`${part.name} ${part.description}`, 1];
    if (parts.length < PARTS_PER_READ) break;
    after = parts[parts.length - 1].id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const category of await executor.selectFrom("categories").select("name").execute()) yield [category.name, 1];
  // The counts the database keeps (migration 0011): one row per value, not one per part.
  const specs = await executor.selectFrom("spec_counts").select(["name", "value", "items"]).execute();
  for (const spec of specs) yield [`${spec.name} ${spec.value}`, spec.items];
}

export async function buildCatalogVocabulary({ executor = db }: DbOptions = {}): Promise<CatalogVocabulary> {
  const counts = new Map<string, number>();
  for await (const [text, parts] of catalogTexts(executor)) {
    for (const [word, count] of buildVocabulary([text])) counts.set(word, (counts.get(word) ?? 0) + count * parts);
  }
  return vocabularyOf(counts);
}

/** A vocabulary over words and their counts: the corrector, completion and query correction. */
export function vocabularyOf(counts: ReadonlyMap<string, number>): CatalogVocabulary {
  const corrector = spellingCorrector(counts);
  const words = [...counts.keys()].sort();
  const firstAtOrAfter = (prefix: string) => {
    let [low, high] = [0, words.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    corrector,
    complete(prefix, limit) {
      if (!prefix) return [];
      const found: string[] = [];
      for (let index = firstAtOrAfter(prefix); index < words.length && words[index].startsWith(prefix); index += 1) {
        found.push(words[index]);
      }
      return found.sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b)).slice(0, limit);
    },
    correctQuery: (query) => correctQuery(readQuery(query), corrector),
  };
}

type Kept = { generation: number; vocabulary: Promise<CatalogVocabulary> };
const keptByDatabase = new WeakMap<Executor, { current?: Kept; building?: Kept }>();

/** What is kept for a database, with the vocabulary of `generation` kept or being built. */
function keptAt(executor: Executor, generation: number) {
  const kept = keptByDatabase.get(executor) ?? {};
  keptByDatabase.set(executor, kept);
  if (kept.current?.generation !== generation && kept.building?.generation !== generation) {
    const building: Kept = { generation, vocabulary: buildCatalogVocabulary({ executor }) };
    kept.building = building;
    building.vocabulary.then(
      () => {
        if (!kept.current || kept.current.generation < building.generation) kept.current = building;
        if (kept.building === building) kept.building = undefined;
      },
      () => {
        if (kept.building === building) kept.building = undefined;
      },
    );
  }
  return kept;
}

/**
 * The vocabulary of the catalog as it is. Built once per catalog generation: while a new one is
 * built (the catalog changed), requests are answered from the one before, so that no search waits
 * for a rebuild; only the first search of a process waits for the first. `current: true` waits for
 * the vocabulary of the generation as it is now (tests, and anything that must see a change at once).
 */
export async function catalogVocabulary({
  executor = db,
  current = false,
}: DbOptions & { current?: boolean } = {}): Promise<CatalogVocabulary> {
  const generation = await catalogGeneration({ executor });
  const kept = keptAt(executor, generation);
  if (kept.current?.generation === generation) return kept.current.vocabulary;
  const building = kept.building ?? kept.current!;
  return current || !kept.current ? building.vocabulary : kept.current.vocabulary;
}

/**
 * The vocabulary of the catalog as it is now, if it is built; null (and its build started, not
 * waited for) if the catalog has changed since. For what must never miss a word just added: a
 * search's completions, which meanwhile go to the engine's own prefixes.
 */
export async function currentVocabularyIfBuilt({ executor = db }: DbOptions = {}): Promise<CatalogVocabulary | null> {
  const generation = await catalogGeneration({ executor });
  const kept = keptAt(executor, generation);
  return kept.current?.generation === generation ? kept.current.vocabulary : null;
}
