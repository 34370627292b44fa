// Where a search that found nothing may go on: the categories nearest its words.
import { db, type DbOptions } from "~/db/db.server";
import { editDistance } from "~/lib/search/edit-distance";
import { readQuery } from "~/lib/search/query-reader";
import { editLimitFor } from "~/lib/search/spelling";
import { foldText, plainTokens } from "~/lib/search/text";

const SHOWN = 3;

/** How near a typed word is to a category's word: the same or its start, then within a few typos. */
function nearness(typed: string, word: string) {
  if (word === typed || (typed.length >= 3 && word.startsWith(typed))) return 2;
  const limit = Math.max(1, editLimitFor(typed));
  return editDistance(typed, word) <= limit ? 1 : 0;
}

/**
 * Up to three categories whose names and descriptions come nearest the query's words (a word or its
 * start scores above a near miss), the fuller first among equals; when no word comes near, the
 * fullest categories, so a buyer always has somewhere to go.
 */
export async function closestCategories(query: string, { executor = db }: DbOptions = {}) {
  const categories = await executor
    .selectFrom("categories")
    .select(["slug", "name", "description", "item_count"])
    .where("item_count", ">", 0)
    .execute();
  const typed = readQuery(query).terms.flatMap((term) => (term.kind === "word" ? term.phrases.flat() : []));
  const scored = categories.map((category) => {
    const words = plainTokens(foldText(`${category.name} ${category.description}`));
    const named = new Set(plainTokens(foldText(category.name)));
    const score = typed.reduce((total, word) => {
      const best = Math.max(0, ...words.map((known) => nearness(word, known) * (named.has(known) ? 2 : 1)));
      return total + best;
    }, 0);
    return { category, score };
  });
  return scored
    .sort((a, b) => b.score - a.score || b.category.item_count - a.category.item_count)
    .slice(0, SHOWN)
    .map(({ category }) => ({ slug: category.slug, name: category.name, items: category.item_count }));
}
