import { sql } from "kysely";
import { db, now } from "~/db/db.server";
import { toCents } from "~/utils/money";

export const CATALOG_PAGE_SIZE = 12;
const MAX_PAGE = 100_000;

/** The fields a catalog card shows; list queries select only these. */
const cardColumns = [
  "id",
  "name",
  "img",
  "description",
  "price_cents",
  "quantity",
  "supplier_name",
] as const;

export type ItemCard = {
  id: number;
  name: string;
  img: string;
  description: string;
  price_cents: number;
  quantity: number;
  supplier_name: string;
};

export type ItemInput = Omit<ItemCard, "id">;

export function listNewestItems(limit: number): Promise<ItemCard[]> {
  return db.selectFrom("items").select(cardColumns).orderBy("id", "desc").limit(limit).execute();
}

function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Items whose name contains the query, case-insensitively on both dialects (lower() on both sides, wildcards escaped). */
function itemsMatching(query: string | undefined) {
  const base = db.selectFrom("items");
  if (!query) return base;
  const pattern = `%${escapeLike(query.toLowerCase())}%`;
  return base.where((eb) => eb(eb.fn("lower", ["name"]), "like", sql<string>`${pattern} escape '\\'`));
}

/**
 * How many items match. The whole catalog's count is one row the database keeps exact with triggers
 * (migration 0005), so it costs the same at any catalog size; a search has to count its matches.
 */
async function countItems(query: string | undefined, base: ReturnType<typeof itemsMatching>) {
  if (!query) {
    const row = await db.selectFrom("item_count").select("items").where("id", "=", 1).executeTakeFirst();
    if (row) return Number(row.items);
  }
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

export async function listItems({ query, page }: { query?: string; page: number }) {
  const safePage = Math.min(Math.max(1, Math.trunc(page) || 1), MAX_PAGE);
  const base = itemsMatching(query);
  // A substring match cannot use a B-tree index: newest-first with a LIMIT stops early for common
  // words, but counting a search reads every name (see docs/benchmarks.md).
  const total = await countItems(query, base);
  const offset = (safePage - 1) * CATALOG_PAGE_SIZE;
  // A page past the end is empty: no need to make the database step over every row to find out.
  const items =
    offset >= total
      ? []
      : await base.select(cardColumns).orderBy("id", "desc").limit(CATALOG_PAGE_SIZE).offset(offset).execute();
  return {
    items,
    total,
    page: safePage,
    pageCount: Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)),
  };
}

/** The catalog's search and order with a caller's limit and offset (GET /api/item). */
export function listItemsSlice({ query, limit, offset }: { query?: string; limit: number; offset: number }): Promise<ItemCard[]> {
  return itemsMatching(query).select(cardColumns).orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export function getItem(id: number): Promise<ItemCard | undefined> {
  return db.selectFrom("items").select(cardColumns).where("id", "=", id).executeTakeFirst();
}

export function createItem(input: ItemInput) {
  return db
    .insertInto("items")
    .values({ ...input, created_at: now() })
    .returning(cardColumns)
    .executeTakeFirstOrThrow();
}

export function updateItem(id: number, input: Partial<ItemInput>) {
  return db.updateTable("items").set(input).where("id", "=", id).returning(cardColumns).executeTakeFirst();
}

/** Orders keep their copied name and price; the foreign key clears their item link. */
export async function deleteItem(id: number) {
  const result = await db.deleteFrom("items").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type ProductFormValues = {
  name: string;
  img: string;
  description: string;
  price: number;
  quantity: number;
  supplierName: string;
};

/** Maps the product form's values (price in currency units) onto the items table. */
export function itemInputFromForm(form: ProductFormValues): ItemInput {
  return itemChangesFromForm(form) as ItemInput;
}

/** The same mapping for some of the fields (PUT /api/item/:id): fields left out are left alone. */
export function itemChangesFromForm(form: Partial<ProductFormValues>): Partial<ItemInput> {
  const changes: Partial<ItemInput> = {
    name: form.name,
    img: form.img,
    description: form.description,
    price_cents: form.price === undefined ? undefined : toCents(form.price),
    quantity: form.quantity,
    supplier_name: form.supplierName,
  };
  for (const key of Object.keys(changes) as (keyof ItemInput)[]) {
    if (changes[key] === undefined) delete changes[key];
  }
  return changes;
}

/** The product form's values for an existing item. */
export function formValuesFromItem(item: ItemCard) {
  return {
    name: item.name,
    img: item.img,
    description: item.description,
    price: (item.price_cents / 100).toFixed(2),
    quantity: item.quantity,
    supplierName: item.supplier_name,
  };
}
