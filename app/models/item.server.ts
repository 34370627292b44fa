import { randomBytes } from "node:crypto";

import type { Transaction } from "kysely";

import { db, type Executor, now } from "~/db/db.server";
import type { Database, Item } from "~/db/schema";
import { partNumberKey } from "~/lib/part-number";
import { OPEN_ORDER_STATUSES } from "~/lib/statuses";
import type { PriceBreakLine, SpecLine } from "~/validation/product";

import {
  asFieldRefusal,
  assertCategoryExists,
  assertPartNumberFree,
  type ProductFieldRefusal,
  replacePriceBreaks,
  replaceSpecs,
} from "./item-writes.server";
import { copyMediaLinks } from "./media";
import { priceBreaksOf } from "./pricing.server";
import { OPENING_STOCK_REASON, recordStockMovement } from "./stock.server";

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
const detailColumns = [...cardColumns, "version", "reorder_point", "hidden"] as const;

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
type ItemLists = { specs?: SpecInput[]; priceBreaks?: PriceBreakLine[] };

function generatedPartNumber() {
  return `GW-${randomBytes(4).toString("hex").toUpperCase()}`;
}

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

export type CreateItemResult = { ok: true; item: ItemDetail } | ProductFieldRefusal;

/** Adds a part; the stock it starts with is the first line of its stock ledger, made by `userId`. */
export function createItem(
  input: ItemInput,
  { specs = [], priceBreaks = [], userId = null }: ItemLists & { userId?: number | null } = {},
): Promise<CreateItemResult> {
  return db
    .transaction()
    .execute(async (trx) => ({ ok: true as const, item: await insertItem(trx, input, { specs, priceBreaks, userId }) }))
    .catch(asFieldRefusal);
}

/**
 * A new part's row, specs, price breaks and opening stock, written in the caller's transaction
 * (createItem, the catalog import); a refusal is thrown as a Rollback (asFieldRefusal reads it).
 */
export async function insertItem(
  trx: Transaction<Database>,
  input: ItemInput,
  {
    specs = [],
    priceBreaks = [],
    userId = null,
    stockReason = OPENING_STOCK_REASON,
  }: ItemLists & { userId?: number | null; stockReason?: string } = {},
): Promise<ItemDetail> {
  const partNumber = input.part_number?.trim() || generatedPartNumber();
  await assertPartNumberFree(trx, partNumber);
  await assertCategoryExists(trx, input.category_id);
  const item = await trx
    .insertInto("items")
    .values({ ...input, part_number: partNumber, part_number_key: partNumberKey(partNumber), created_at: now() })
    .returning(detailColumns)
    .executeTakeFirstOrThrow();
  await replaceSpecs(trx, item.id, specs, item.category_id);
  await replacePriceBreaks(trx, item.id, item.price_cents, priceBreaks);
  if (item.quantity > 0) {
    await recordStockMovement(
      { itemId: item.id, userId, change: item.quantity, quantityAfter: item.quantity, reason: stockReason },
      { executor: trx },
    );
  }
  return item;
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

export function listSpecs(itemId: number) {
  return db
    .selectFrom("item_specs")
    .select(["name", "value", "unit"])
    .where("item_id", "=", itemId)
    .orderBy("position")
    .execute();
}

export type UpdateItemResult =
  | { ok: true; item: ItemDetail }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "stale"; current: ItemDetail }
  | ProductFieldRefusal;

/** A stock figure set with the version it was read at (PUT /api/item/:id), recorded with its reason. */
type StockFigure = { quantity: number; reason: string };

type UpdateOptions = {
  userId?: number | null;
  /** Runs inside the edit's transaction once it is written (a stock figure's arrival fills backorders). */
  beforeCommit?: (trx: Transaction<Database>, item: ItemDetail) => Promise<void>;
} & ItemLists &
  ({ version?: number; stockFigure?: undefined } | { version: number; stockFigure: StockFigure });

/**
 * Saves an edit made from `version`, and only if the row is still at that version: an order or
 * another edit since then refuses it (the caller shows the current values). Without a version the
 * change applies to whatever is there. An edit never writes stock: the product form has no stock
 * field, and stock moves by adjustments (adjustStock) and orders. The one exception is a stock
 * figure set through the API, which needs the version the figure was read at, so it replaces only
 * the figure the caller saw, and is recorded in the stock ledger in the same transaction.
 */
export function updateItem(
  id: number,
  changes: ItemChanges,
  { version, userId = null, specs, priceBreaks, stockFigure, beforeCommit }: UpdateOptions = {},
): Promise<UpdateItemResult> {
  // Types keep quantity out of `changes`; a caller that spreads a whole form in is kept out here too.
  const { quantity: _stockIsNotEdited, ...fields } = changes as ItemChanges & { quantity?: number };
  return db
    .transaction()
    .execute(async (trx): Promise<UpdateItemResult> => {
      const before = await trx.selectFrom("items").select(detailColumns).where("id", "=", id).executeTakeFirst();
      if (!before) return { ok: false, reason: "not-found" };
      if (version !== undefined && before.version !== version) return { ok: false, reason: "stale", current: before };
      const item = await writeItemChanges(trx, id, fields, {
        specs,
        priceBreaks,
        version,
        quantity: stockFigure?.quantity,
      });
      if (!item) return { ok: false, reason: "stale", current: before };
      // The row was at `version` when it was read above and when it was updated: `before` is what
      // the caller saw, so the change recorded is the one the caller made.
      if (stockFigure && stockFigure.quantity !== before.quantity) {
        await recordStockMovement(
          {
            itemId: id,
            userId,
            change: stockFigure.quantity - before.quantity,
            quantityAfter: stockFigure.quantity,
            reason: stockFigure.reason,
          },
          { executor: trx },
        );
      }
      await beforeCommit?.(trx, item);
      return { ok: true, item };
    })
    .catch(asFieldRefusal);
}

/**
 * An edit's row and lists, written in the caller's transaction (updateItem, the catalog import):
 * the fields given, the version moved on, the specs and price breaks replaced when given. With a
 * version, only a row still at it is written (undefined when it has moved on). `quantity` is a stock
 * figure the caller records in the ledger itself.
 */
export async function writeItemChanges(
  trx: Transaction<Database>,
  id: number,
  fields: ItemChanges,
  { specs, priceBreaks, version, quantity }: ItemLists & { version?: number; quantity?: number } = {},
): Promise<ItemDetail | undefined> {
  if (fields.part_number) await assertPartNumberFree(trx, fields.part_number, id);
  await assertCategoryExists(trx, fields.category_id);
  let update = trx
    .updateTable("items")
    .set((eb) => ({
      ...fields,
      ...(fields.part_number ? { part_number_key: partNumberKey(fields.part_number) } : {}),
      ...(quantity === undefined ? {} : { quantity }),
      version: eb("version", "+", 1),
    }))
    .where("id", "=", id);
  if (version !== undefined) update = update.where("version", "=", version);
  const item = await update.returning(detailColumns).executeTakeFirst();
  if (!item) return undefined;
  if (specs) await replaceSpecs(trx, id, specs, item.category_id);
  if (priceBreaks) await replacePriceBreaks(trx, id, item.price_cents, priceBreaks);
  return item;
}

/** A copy's name: the original's, marked, within the 120 characters a name may have. */
const copyName = (name: string) => `${name.slice(0, 113)} (copy)`;

/**
 * A new part made from an existing one, for a variant staff then edit: its specs, price breaks,
 * catalog fields, pictures and documents (the same stored files), a made-up part number, no stock,
 * and hidden until staff show it.
 */
export function duplicateItem(
  id: number,
): Promise<{ ok: true; item: ItemDetail } | { ok: false; reason: "not-found" }> {
  return db.transaction().execute(async (trx) => {
    const source = await trx.selectFrom("items").selectAll().where("id", "=", id).executeTakeFirst();
    if (!source) return { ok: false, reason: "not-found" };
    const partNumber = generatedPartNumber();
    const item = await trx
      .insertInto("items")
      .values({
        name: copyName(source.name),
        img: source.img,
        description: source.description,
        price_cents: source.price_cents,
        quantity: 0,
        supplier_name: source.supplier_name,
        part_number: partNumber,
        part_number_key: partNumberKey(partNumber),
        category_id: source.category_id,
        lead_time_days: source.lead_time_days,
        min_order_quantity: source.min_order_quantity,
        reorder_point: source.reorder_point,
        allow_backorder: source.allow_backorder,
        hidden: 1,
        created_at: now(),
      })
      .returning(detailColumns)
      .executeTakeFirstOrThrow();
    const specs = await trx
      .selectFrom("item_specs")
      .select(["name", "value", "unit"])
      .where("item_id", "=", id)
      .orderBy("position")
      .execute();
    await replaceSpecs(trx, item.id, specs, item.category_id);
    const breaks = await priceBreaksOf([id], { executor: trx });
    await replacePriceBreaks(trx, item.id, item.price_cents, breaks.get(id) ?? []);
    await copyMediaLinks(id, item.id, { executor: trx });
    return { ok: true, item };
  });
}

export type DeleteItemResult =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "on-open-order"; orderIds: number[] };

/** Why a part on open orders cannot be deleted, for a page or the API. */
export function partOnOpenOrders(orderIds: number[]) {
  const orders = orderIds.map((id) => `#${id}`).join(", ");
  return `This part is on open orders (${orders}${orderIds.length >= 5 ? " and maybe more" : ""}): it can be deleted once they are delivered or cancelled. To take it off sale now, hide it.`;
}

/** The first few open orders (not delivered or cancelled) with a line of this part. */
function openOrdersWith(itemId: number, executor: Executor) {
  return executor
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select("orders.id")
    .distinct()
    .where("order_lines.item_id", "=", itemId)
    .where("orders.status", "in", OPEN_ORDER_STATUSES)
    .orderBy("orders.id")
    .limit(5);
}

/**
 * Deletes a part no open order holds: an order still to be shipped or delivered needs its part to
 * pick, return or reorder (staff hide such a part instead). Delivered and cancelled orders keep
 * their copied name and price; the foreign key clears their item link. The check is part of the
 * DELETE itself, so an order placed meanwhile is never left pointing at nothing. Its pictures' and
 * documents' links go by cascade, and with them every file no other part shows (migration 0025).
 */
export function deleteItem(id: number): Promise<DeleteItemResult> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("items")
      .where("id", "=", id)
      .where(({ not, exists }) => not(exists(openOrdersWith(id, trx))))
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows)) return { ok: true };
    const open = await openOrdersWith(id, trx).execute();
    if (open.length) return { ok: false, reason: "on-open-order", orderIds: open.map((order) => order.id) };
    return { ok: false, reason: "not-found" };
  });
}
