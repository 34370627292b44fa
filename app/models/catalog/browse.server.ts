// The catalog page: a page of parts and the counts beside every choice, kept or worked out.
import { db, type DbOptions } from "~/db/db.server";

import { categoryFacets, specFacets } from "./facets.server";
import { type CatalogFilter, type NormalizedFilter, normalizeFilter } from "./filter";
import { type CatalogAnswer, isKept, keptAnswer } from "./kept-answers.server";
import { askCatalog, cardsInOrder, countMatching, pageOf, type PageOptions, summarizeSearch } from "./listing.server";

/**
 * The catalog page: a page of parts and the counts beside every category and spec choice. Answers
 * counted at request time are kept (see `keptAnswer`), but only those read from the process's own
 * database outside a transaction: a transaction may read writes it later rolls back. The cards are
 * always read as they are now.
 */
export async function browseCatalog(filter: CatalogFilter, options: PageOptions, { executor = db }: DbOptions = {}) {
  const normalized = normalizeFilter(filter);
  const workOut = () => workOutAnswer(normalized, options, { executor });
  // A page in a buyer's own price order is theirs alone: kept answers hold pages everyone shares.
  const ownOrder = Boolean(options.pricedBy?.length) && options.sort?.startsWith("price-");
  const { ids, ...answer } =
    executor === db && isKept(normalized) && !ownOrder
      ? await keptAnswer(normalized, options, workOut)
      : await workOut();
  return { ...answer, items: await cardsInOrder(ids, executor) };
}

/**
 * An answer worked out afresh. The counts already hold the total: without a chosen spec the chosen
 * category's count (or all of them), with one spec chosen while browsing a category the counts of
 * its chosen values. So a search reads its matches twice (counts, then the sorted page) rather
 * than three times.
 */
export async function workOutAnswer(
  filter: NormalizedFilter,
  options: PageOptions,
  { executor = db }: DbOptions = {},
): Promise<CatalogAnswer> {
  const ask = await askCatalog(filter, executor);
  const [{ facets: categories, total: categoryTotal }, { facets: specs, total: specTotal }] = await Promise.all([
    categoryFacets(ask),
    specFacets(ask),
  ]);
  const chosenSpec = filter.specs.length > 0;
  const total = chosenSpec ? (specTotal ?? (await countMatching(ask))) : categoryTotal;
  const narrowedFrom = chosenSpec && filter.category ? categoryTotal : undefined;
  const search = await summarizeSearch(ask, total);
  return { ...(await pageOf(ask, { total, narrowedFrom }, options)), categories, specs, search };
}
