import { z } from "zod";

import { pageNumberField } from "./common";

/** The product list's columns a staff member may sort by; `-` before one sorts it descending. */
export const PRODUCT_LIST_COLUMNS = ["partNumber", "name", "category", "stock", "price", "status"] as const;
export type ProductListColumn = (typeof PRODUCT_LIST_COLUMNS)[number];

const SORTS = [
  "newest",
  ...PRODUCT_LIST_COLUMNS,
  ...PRODUCT_LIST_COLUMNS.map((column) => `-${column}` as const),
] as const;
export type ProductListSort = (typeof SORTS)[number];

/** The deepest page of the list: 2,000 pages of 50 hold 100,000 parts. */
export const MAX_PRODUCT_LIST_PAGE = 2_000;

/**
 * `/dashboard/manage-product`'s parameters. They come from the list's own links and a bookmark, so
 * anything odd falls back to its default rather than an error page.
 */
export const ProductListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
  lowStock: z
    .enum(["1", "0"])
    .optional()
    .catch(undefined)
    .transform((value) => value === "1"),
  /** Only the hidden parts: drafts and parts off sale. */
  hidden: z
    .enum(["1", "0"])
    .optional()
    .catch(undefined)
    .transform((value) => value === "1"),
  sort: z.enum(SORTS).catch("newest").default("newest"),
  page: pageNumberField(MAX_PRODUCT_LIST_PAGE),
});

export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export function parseProductListQuery(searchParams: URLSearchParams): ProductListQuery {
  return ProductListQuerySchema.parse(Object.fromEntries(searchParams));
}

/** The list's URL for a query, parameters at their defaults left out. */
export function productListHref(query: Partial<ProductListQuery>) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.lowStock) params.set("lowStock", "1");
  if (query.hidden) params.set("hidden", "1");
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/dashboard/manage-product${search ? `?${search}` : ""}`;
}

/** The sort a column's heading links to: ascending first, then descending, then ascending again. */
export function nextSortFor(column: ProductListColumn, current: ProductListSort): ProductListSort {
  return current === column ? `-${column}` : column;
}
