// The staff's product list (/dashboard/manage-product) and the admin home's low-stock parts: every
// part, public or not, with what staff work by (part number, category, stock against its reorder
// point), searched by part number or name, filtered and sorted by any column.
import { type ExpressionBuilder, sql } from "kysely";

import { db, type DbOptions } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { containsPattern } from "~/lib/like-pattern";
import { partNumberKey } from "~/lib/part-number";
import type { ProductListColumn, ProductListQuery } from "~/validation/product-list";

export const PRODUCT_LIST_PAGE_SIZE = 50;

type ListBuilder = ExpressionBuilder<Database & { c: Database["categories"] }, "items" | "c">;

/** Stock at or below the part's reorder point; migration 0022 indexes this very expression. */
const isLowStock = (eb: ListBuilder) => eb(sql<number>`(items.quantity - items.reorder_point)`, "<=", 0);

/**
 * A staff search: every word in the name, or in the part number as a search compares it ("gw sg 1"
 * finds GW-SG-1). Staff look for the part they mean, so a word is found inside another ("608" in
 * "608-2RS"), with no spelling correction or ranking: the list is sorted by its columns.
 */
function matchesWords(q: string) {
  const words = q.split(/\s+/).filter(Boolean);
  return (eb: ListBuilder) =>
    eb.or([
      eb.and(words.map((word) => sql<boolean>`lower(items.name) like ${containsPattern(word)} escape '\\'`)),
      ...(partNumberKey(q)
        ? [sql<boolean>`items.part_number_key like ${containsPattern(partNumberKey(q))} escape '\\'`]
        : []),
    ]);
}

const ORDER_BY: Record<ProductListColumn, ReturnType<typeof sql>> = {
  partNumber: sql`items.part_number_key`,
  name: sql`lower(items.name)`,
  // Parts without a category first, on both databases (PostgreSQL sorts nulls last, SQLite first).
  category: sql`coalesce(c.name, '')`,
  stock: sql`items.quantity`,
  price: sql`items.price_cents`,
  // Shown first, then hidden.
  status: sql`items.hidden`,
};

function listed(
  { q, category, lowStock, hidden }: Partial<Pick<ProductListQuery, "q" | "category" | "lowStock" | "hidden">>,
  executor = db,
) {
  let query = executor.selectFrom("items").leftJoin("categories as c", "c.id", "items.category_id");
  if (q) query = query.where(matchesWords(q));
  if (category) query = query.where("c.slug", "=", category);
  // Low stock is about parts on sale: a hidden draft with no stock yet is not something to reorder.
  if (lowStock) query = query.where(isLowStock).where("items.hidden", "=", 0);
  if (hidden) query = query.where("items.hidden", "=", 1);
  return query;
}

/** One page of the list, how many parts it holds in all, and its number of pages (at least 1). */
export async function listProductsForStaff(query: ProductListQuery, { executor = db }: DbOptions = {}) {
  const { count } = await listed(query, executor)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / PRODUCT_LIST_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const descending = query.sort.startsWith("-");
  const column = query.sort.replace(/^-/, "") as ProductListColumn | "newest";
  let rows = listed(query, executor).select((eb) => [
    "items.id",
    "items.part_number",
    "items.name",
    "items.quantity",
    "items.reorder_point",
    "items.price_cents",
    "items.hidden",
    "c.name as category_name",
    eb.and([isLowStock(eb), eb("items.hidden", "=", 0)]).as("low_stock"),
  ]);
  if (column !== "newest") rows = rows.orderBy(ORDER_BY[column], descending ? "desc" : "asc");
  const items = await rows
    .orderBy("items.id", "desc")
    .limit(PRODUCT_LIST_PAGE_SIZE)
    .offset((page - 1) * PRODUCT_LIST_PAGE_SIZE)
    .execute();
  return {
    items: items.map((item) => ({ ...item, low_stock: Boolean(item.low_stock) })),
    total,
    page,
    pageCount,
  };
}

/** The parts at or below their reorder point, the emptiest first (the admin home), and how many in all. */
export async function lowStockParts(limit: number, { executor = db }: DbOptions = {}) {
  const base = listed({ lowStock: true }, executor);
  const [{ count }, parts] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    base
      .select(["items.id", "items.part_number", "items.name", "items.quantity", "items.reorder_point"])
      .orderBy(sql`(items.quantity - items.reorder_point)`)
      .orderBy("items.id")
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(count), parts };
}
