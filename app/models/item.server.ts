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

export async function listItems({ query, page }: { query?: string; page: number }) {
  const safePage = Math.min(Math.max(1, Math.trunc(page) || 1), MAX_PAGE);
  let base = db.selectFrom("items");
  if (query) {
    // Case-insensitive on both dialects: lower() on both sides, with the wildcards escaped.
    const pattern = `%${escapeLike(query.toLowerCase())}%`;
    base = base.where((eb) => eb(eb.fn("lower", ["name"]), "like", sql<string>`${pattern} escape '\\'`));
  }
  const [items, { count }] = await Promise.all([
    base
      .select(cardColumns)
      .orderBy("id", "desc")
      .limit(CATALOG_PAGE_SIZE)
      .offset((safePage - 1) * CATALOG_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    items,
    total: Number(count),
    page: safePage,
    pageCount: Math.max(1, Math.ceil(Number(count) / CATALOG_PAGE_SIZE)),
  };
}

export function getItem(id: number): Promise<ItemCard | undefined> {
  return db.selectFrom("items").select(cardColumns).where("id", "=", id).executeTakeFirst();
}

export function listAllItemsForAdmin() {
  return db.selectFrom("items").select(cardColumns).orderBy("id", "desc").execute();
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

/** Maps the product form's values (price in currency units) onto the items table. */
export function itemInputFromForm(form: {
  name: string;
  img: string;
  description: string;
  price: number;
  quantity: number;
  supplierName: string;
}): ItemInput {
  return {
    name: form.name,
    img: form.img,
    description: form.description,
    price_cents: toCents(form.price),
    quantity: form.quantity,
    supplier_name: form.supplierName,
  };
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
