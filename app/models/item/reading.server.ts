// A part as pages read it: the columns of a card and of staff's edit, the newest parts, one part with
// its specs and price breaks.

import { db, type DbOptions } from "~/db/db.server";
import type { Item } from "~/db/schema";
import type { PriceBreakLine, SpecLine } from "~/validation/product";

/** The fields a catalog card shows; list queries select only these. */
export const cardColumns = [
  "id",
  "part_number",
  "name",
  "img",
  "description",
  "price_cents",
  "quantity",
  "lead_time_days",
  "min_order_quantity",
  "supplier_name",
  "category_id",
  "allow_backorder",
] as const;

/** An item as the catalog lists it. */
export type ItemListing = Pick<Item, (typeof cardColumns)[number]>;
/** What staff edit besides a card's fields: the version an edit is made from, the reorder point, hidden or not. */
export const detailColumns = [...cardColumns, "version", "reorder_point", "hidden"] as const;

/** An item with the version an edit must be made from. */
export type ItemDetail = Pick<Item, (typeof detailColumns)[number]>;

/** One line of a part's specification: Bore 20 mm, Material C45 steel. */
export type SpecInput = SpecLine;

/**
 * What an item is made from. The part number is generated (GW- and eight hex digits) when none is
 * given, as for items added through the original API, which has no such field.
 */
export type ItemInput = Omit<
  ItemListing,
  "id" | "part_number" | "lead_time_days" | "category_id" | "min_order_quantity" | "allow_backorder"
> &
  Partial<
    Pick<
      Item,
      | "part_number"
      | "category_id"
      | "lead_time_days"
      | "min_order_quantity"
      | "reorder_point"
      | "hidden"
      | "allow_backorder"
    >
  >;

/** What an edit may change: everything but stock, which moves only through recorded movements. */
export type ItemChanges = Partial<Omit<ItemInput, "quantity">>;

/** The lists a part has besides its row, replaced whole when given. */
export type ItemLists = { specs?: SpecInput[]; priceBreaks?: PriceBreakLine[] };

export function listNewestItems(limit: number): Promise<ItemListing[]> {
  return db
    .selectFrom("items")
    .select(cardColumns)
    .where("hidden", "=", 0)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function getItem(id: number): Promise<ItemDetail | undefined> {
  return db.selectFrom("items").select(detailColumns).where("id", "=", id).executeTakeFirst();
}

/**
 * Everything a product page shows about a public part (a hidden one is not there): the item, its
 * category and its specifications.
 */
export async function getProduct(id: number) {
  const item = await db
    .selectFrom("items")
    .leftJoin("categories", "categories.id", "items.category_id")
    .select([
      ...cardColumns.map((column) => `items.${column}` as const),
      "categories.slug as category_slug",
      "categories.name as category_name",
    ])
    .where("items.id", "=", id)
    .where("items.hidden", "=", 0)
    .executeTakeFirst();
  if (!item) return undefined;
  return { ...item, specs: await listSpecs(id) };
}

/** Each part's specs in their order, by part id: one query for any number of parts. */
export async function specsOfParts(ids: readonly number[], { executor = db }: DbOptions = {}) {
  const byPart = new Map<number, SpecInput[]>();
  if (!ids.length) return byPart;
  const rows = await executor
    .selectFrom("item_specs")
    .select(["item_id", "name", "value", "unit"])
    .where("item_id", "in", ids)
    .orderBy("item_id")
    .orderBy("position")
    .execute();
  for (const { item_id, ...spec } of rows) {
    const list = byPart.get(item_id);
    if (list) list.push(spec);
    else byPart.set(item_id, [spec]);
  }
  return byPart;
}

export function listSpecs(itemId: number) {
  return db
    .selectFrom("item_specs")
    .select(["name", "value", "unit"])
    .where("item_id", "=", itemId)
    .orderBy("position")
    .execute();
}
