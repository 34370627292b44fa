// The counts beside every category and spec choice on the catalog page: read from the counts the
// database keeps where they answer the question (migrations 0010, 0011, 0016), grouped at request
// time where they do not.
import type { Executor } from "~/db/db.server";

import { type CatalogAsk, matchingItems } from "./listing.server";
import { countProducts, listCategories } from "./reads.server";

export type FacetChoice = { value: string; unit: string | null; count: number };
export type SpecFacet = { name: string; choices: FacetChoice[] };
export type CategoryFacet = { slug: string; name: string; count: number };

const MAX_CHOICES_PER_SPEC = 30;

/**
 * Every category with how many parts the search (and the in-stock choice) finds in it, and the total
 * those counts give for the filter without its specs: the chosen category's count, or all of them
 * (parts without a category included). Browsing without a search or the stock choice reads the
 * counts the database keeps (migrations 0005 and 0010) instead of counting.
 */
export async function categoryFacets(ask: CatalogAsk): Promise<{ facets: CategoryFacet[]; total: number }> {
  const { filter, executor } = ask;
  const totalOf = async (facets: CategoryFacet[], everything: () => number | Promise<number>) =>
    filter.category ? (facets.find((facet) => facet.slug === filter.category)?.count ?? 0) : await everything();
  if (!filter.query && !filter.inStock) {
    const categories = await listCategories({ executor });
    const facets = categories.map(({ slug, name, item_count }) => ({ slug, name, count: Number(item_count) }));
    return { facets, total: await totalOf(facets, () => countProducts({ executor })) };
  }
  const searchOnly = { ...filter, category: undefined, specs: [] };
  // Both at once: in the read worker, one wait for the request thread instead of two in a row.
  const [categories, counts] = await Promise.all([
    listCategories({ executor }),
    matchingItems({ ...ask, filter: searchOnly })
      .select((eb) => ["items.category_id", eb.fn.countAll<number>().as("count")])
      .groupBy("items.category_id")
      .execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.category_id, Number(row.count)]));
  const facets = categories.map(({ id, slug, name }) => ({ slug, name, count: countOf.get(id) ?? 0 }));
  return { facets, total: await totalOf(facets, () => [...countOf.values()].reduce((sum, count) => sum + count, 0)) };
}

/**
 * The spec values of the parts a filter finds, with counts. A name's counts leave that name's own
 * choice out, so a count is what the list shows when that value is chosen (values of one name are
 * alternatives). Browsing a category (no search, no stock choice) reads the counts the database
 * keeps; anything narrower groups the spec rows of the parts it leaves.
 */
export async function specFacets(ask: CatalogAsk): Promise<{ facets: SpecFacet[]; total?: number }> {
  const { filter, executor } = ask;
  const category = filter.category;
  if (!category) return { facets: [] };
  const chosen = filter.specs;
  const chosenNames = chosen.map(([name]) => name);
  const browsing = !filter.query && !filter.inStock;
  // Only the category and at most one chosen spec narrow these counts: the database keeps them
  // (migrations 0011 and 0016). Anything narrower groups the spec rows at request time.
  const countsFor = async (skipSpec?: string) => {
    const narrowing = chosen.filter(([name]) => name !== skipSpec);
    if (browsing && !narrowing.length) return storedSpecCounts(category, executor);
    if (browsing && narrowing.length === 1) return storedPairCounts(category, ...narrowing[0], executor);
    return liveSpecCounts(ask, skipSpec);
  };
  const [unchosen, ...perChosen] = await Promise.all([
    countsFor(),
    ...chosenNames.map((name) => countsFor(name).then((rows) => rows.filter((row) => row.name === name))),
  ]);
  const rows = [...unchosen.filter((row) => !chosenNames.includes(row.name)), ...perChosen.flat()];
  const byName = new Map<string, FacetChoice[]>();
  for (const row of rows) {
    const choices = byName.get(row.name) ?? [];
    choices.push({ value: row.value, unit: row.unit, count: Number(row.count) });
    byName.set(row.name, choices);
  }
  const facets = [...byName.entries()]
    .filter(([name, choices]) => choices.length > 1 || chosenNames.includes(name))
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([name, choices]) => ({
      name,
      choices: choices.sort((a, b) => collator.compare(a.value, b.value)).slice(0, MAX_CHOICES_PER_SPEC),
    }));
  // One spec chosen while browsing: its values' counts (every value, before the list is cut) add up
  // to the parts listed, since a part names a spec once.
  const [only] = chosen;
  const total =
    browsing && chosen.length === 1
      ? perChosen[0].filter((row) => only[1].includes(row.value)).reduce((sum, row) => sum + Number(row.count), 0)
      : undefined;
  return { facets, total };
}

// Spec values sort as a buyer reads them: 8 before 10. Made once: building a collator costs more
// than sorting a facet list with it.
const collator = new Intl.Collator("en", { numeric: true });

type SpecCount = { name: string; value: string; unit: string | null; count: number };

async function storedSpecCounts(categorySlug: string, executor: Executor): Promise<SpecCount[]> {
  const rows = await executor
    .selectFrom("spec_counts")
    .innerJoin("categories", "categories.id", "spec_counts.category_id")
    .select(["spec_counts.name", "spec_counts.value", "spec_counts.unit", "spec_counts.items as count"])
    .where("categories.slug", "=", categorySlug)
    .where("spec_counts.items", ">", 0)
    .execute();
  return rows.map((row) => ({ ...row, unit: row.unit || null, count: Number(row.count) }));
}

/** The values of every other spec among a category's parts that carry one of `values` of `name`. */
async function storedPairCounts(
  categorySlug: string,
  name: string,
  values: string[],
  executor: Executor,
): Promise<SpecCount[]> {
  const rows = await executor
    .selectFrom("spec_pair_counts")
    .innerJoin("categories", "categories.id", "spec_pair_counts.category_id")
    .select(["other_name as name", "other_value as value", "other_unit as unit"])
    .select((eb) => eb.fn.sum<number>("spec_pair_counts.items").as("count"))
    .where("categories.slug", "=", categorySlug)
    .where("spec_pair_counts.name", "=", name)
    .where("spec_pair_counts.value", "in", values)
    .where("spec_pair_counts.items", ">", 0)
    .groupBy(["other_name", "other_value", "other_unit"])
    .execute();
  return rows.map((row) => ({ ...row, unit: row.unit || null, count: Number(row.count) }));
}

/** Counts over the parts a search or several choices leave: grouped at request time. */
async function liveSpecCounts(ask: CatalogAsk, skipSpec?: string): Promise<SpecCount[]> {
  return ask.executor
    .selectFrom("item_specs")
    .select(["item_specs.name", "item_specs.value", "item_specs.unit"])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("item_specs.item_id", "in", matchingItems(ask, skipSpec).select("items.id"))
    .groupBy(["item_specs.name", "item_specs.value", "item_specs.unit"])
    .execute();
}
