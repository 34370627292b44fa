// What a buyer narrows the catalog by, and the one normalized form of it that the queries read and
// a kept answer is filed under (docs/decisions/0018-kept-search-answers.md). Pure: no database.

export const CATALOG_SORTS = ["relevance", "price-asc", "price-desc", "name", "newest"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** What a buyer narrows the catalog by; every field comes from the URL. */
export type CatalogFilter = {
  query?: string;
  /** A category's slug. */
  category?: string;
  inStock?: boolean;
  /** Chosen values per spec name: a part matches any value of a name, and every name. */
  specs?: Record<string, string[]>;
};

/** A spec a buyer chose at least one value of, with those values. */
export type SpecChoice = [name: string, values: string[]];

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * How each field of a filter is brought to one form: filters that ask the same thing become equal.
 * The `satisfies` makes a field added to CatalogFilter a compile error until it is normalized here,
 * and NormalizedFilter (which every query reads) and the kept answers' key follow from this table,
 * so no field can reach a query without reaching the key.
 */
const normalizers = {
  /** Trimmed, runs of white space as one space (the search reads words); nothing left is no search. */
  query: (query): string | undefined => query?.trim().replace(/\s+/g, " ") || undefined,
  category: (category): string | undefined => category || undefined,
  inStock: (inStock): boolean => inStock === true,
  /** Names in order, each name's values in order and once; a name without values is no choice. */
  specs: (specs): SpecChoice[] =>
    Object.entries(specs ?? {})
      .filter(([, values]) => values.length > 0)
      .map(([name, values]): SpecChoice => [name, [...new Set(values)].sort(byCodeUnits)])
      .sort(([a], [b]) => byCodeUnits(a, b)),
} satisfies { [Field in keyof CatalogFilter]-?: (value: CatalogFilter[Field]) => unknown };

type Normalizers = typeof normalizers;

/** A filter in its one form: what every catalog query reads. */
export type NormalizedFilter = { readonly [Field in keyof Normalizers]: ReturnType<Normalizers[Field]> };

const FILTER_FIELDS = Object.keys(normalizers) as (keyof Normalizers)[];

export function normalizeFilter(filter: CatalogFilter): NormalizedFilter {
  return {
    query: normalizers.query(filter.query),
    category: normalizers.category(filter.category),
    inStock: normalizers.inStock(filter.inStock),
    specs: normalizers.specs(filter.specs),
  };
}

/** Every field of a normalized filter, in one fixed order: equal filters give equal keys. */
export function filterKey(filter: NormalizedFilter) {
  return JSON.stringify(FILTER_FIELDS.map((field) => filter[field] ?? null));
}

export const hasFilters = (filter: NormalizedFilter) =>
  Boolean(filter.query || filter.category || filter.inStock || filter.specs.length);
