// The catalog's links, built in the browser as well as on the server. Kept apart from the catalog's
// URL schema (app/validation/catalog.ts) so that a catalog page's script does not carry zod to build
// a link (docs/decisions/0040).

export const CATALOG_SORT_OPTIONS = [
  { value: "relevance", label: "Best match" },
  { value: "price-asc", label: "Price, low to high" },
  { value: "price-desc", label: "Price, high to low" },
  { value: "name", label: "Name" },
  { value: "newest", label: "Newest" },
] as const;

export type CatalogSort = (typeof CATALOG_SORT_OPTIONS)[number]["value"];

/** What a catalog link can ask for: the catalog's URL parameters, as the catalog reads them. */
export type CatalogLink = {
  q?: string;
  category?: string;
  spec?: string[];
  inStock?: boolean;
  sort?: CatalogSort;
  page?: number;
};

/** The catalog's URL for a query: parameters at their defaults are left out, so links stay short. */
export function catalogSearchParams(query: CatalogLink) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  for (const spec of query.category ? (query.spec ?? []) : []) params.append("spec", spec);
  if (query.inStock) params.set("inStock", "1");
  if (query.sort && query.sort !== "relevance") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

export function catalogHref(basePath: string, query: CatalogLink) {
  const search = catalogSearchParams(query).toString();
  return search ? `${basePath}?${search}` : basePath;
}

/**
 * The longest search the catalog reads: longer is not a part number, a name or a measurement. Here,
 * beside the links, so the catalog page's component names it without bringing zod to the browser.
 */
export const MAX_SEARCH_LENGTH = 100;
