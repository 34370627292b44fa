import { randomBytes } from "node:crypto";

import { db, isUniqueViolation, now } from "~/db/db.server";
import type { Item } from "~/db/schema";
import { toCents } from "~/utils/money";
import { partNumberKey } from "~/utils/part-number";
import { type PriceBreakLine, priceBreakLinesText, type SpecLine, specLinesText } from "~/validation/product";

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
] as const;

/** An item as the catalog lists it. */
export type ItemListing = Pick<Item, (typeof cardColumns)[number]>;
/** An item with the version an edit must be made from. */
export type ItemDetail = ItemListing & Pick<Item, "version">;

/** One line of a part's specification: Bore 20 mm, Material C45 steel. */
export type SpecInput = SpecLine;

/**
 * What an item is made from. The part number is generated (GW- and eight hex digits) when none is
 * given, as for items added through the original API, which has no such field.
 */
export type ItemInput = Omit<
  ItemListing,
  "id" | "part_number" | "lead_time_days" | "category_id" | "min_order_quantity"
> &
  Partial<Pick<Item, "part_number" | "category_id" | "lead_time_days" | "min_order_quantity">>;

/** A product form's value the database refuses: the form shows the message beside `field`. */
export class ProductFieldError extends Error {
  constructor(
    readonly field: "partNumber" | "category" | "priceBreaks",
    message: string,
  ) {
    super(message);
  }
}

const partNumberTaken = () => new ProductFieldError("partNumber", "Another part already has this part number");

type Transaction = Parameters<Parameters<ReturnType<typeof db.transaction>["execute"]>[0]>[0];

/**
 * Part numbers are unique as a search compares them ("GW-SG-1" and "gw sg 1" are one number), which
 * is stricter than the unique index on the printed form; the index still catches a race.
 */
async function assertPartNumberFree(trx: Transaction, partNumber: string, exceptId?: number) {
  let query = trx.selectFrom("items").select("id").where("part_number_key", "=", partNumberKey(partNumber));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw partNumberTaken();
}

async function assertCategoryExists(trx: Transaction, categoryId: number | null | undefined) {
  if (categoryId == null) return;
  const category = await trx.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!category) throw new ProductFieldError("category", "Choose a category from the list");
}

function rethrowPartNumberTaken(error: unknown): never {
  throw isUniqueViolation(error) ? partNumberTaken() : error;
}

async function replaceSpecs(trx: Transaction, itemId: number, specs: SpecInput[]) {
  await trx.deleteFrom("item_specs").where("item_id", "=", itemId).execute();
  if (specs.length) {
    await trx
      .insertInto("item_specs")
      .values(specs.map((spec, position) => ({ ...spec, item_id: itemId, position })))
      .execute();
  }
}

/** A part's quantity price breaks, all replaced; each must be cheaper than the part's own price. */
async function replacePriceBreaks(trx: Transaction, itemId: number, priceCents: number, breaks: PriceBreakLine[]) {
  if (breaks.length && breaks[0].priceCents >= priceCents) {
    throw new ProductFieldError("priceBreaks", "Each price break must be below the price per unit");
  }
  await trx.deleteFrom("price_breaks").where("item_id", "=", itemId).execute();
  if (breaks.length) {
    await trx
      .insertInto("price_breaks")
      .values(breaks.map((line) => ({ item_id: itemId, min_quantity: line.minQuantity, price_cents: line.priceCents })))
      .execute();
  }
}

/** The lists a part has besides its row, replaced whole when given. */
type ItemLists = { specs?: SpecInput[]; priceBreaks?: PriceBreakLine[] };

function generatedPartNumber() {
  return `GW-${randomBytes(4).toString("hex").toUpperCase()}`;
}

export function listNewestItems(limit: number): Promise<ItemListing[]> {
  return db.selectFrom("items").select(cardColumns).orderBy("id", "desc").limit(limit).execute();
}

export function getItem(id: number): Promise<ItemDetail | undefined> {
  return db
    .selectFrom("items")
    .select([...cardColumns, "version"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function createItem(input: ItemInput, { specs = [], priceBreaks = [] }: ItemLists = {}): Promise<ItemDetail> {
  const partNumber = input.part_number?.trim() || generatedPartNumber();
  return db
    .transaction()
    .execute(async (trx) => {
      await assertPartNumberFree(trx, partNumber);
      await assertCategoryExists(trx, input.category_id);
      const item = await trx
        .insertInto("items")
        .values({ ...input, part_number: partNumber, part_number_key: partNumberKey(partNumber), created_at: now() })
        .returning([...cardColumns, "version"])
        .executeTakeFirstOrThrow();
      await replaceSpecs(trx, item.id, specs);
      await replacePriceBreaks(trx, item.id, item.price_cents, priceBreaks);
      return item;
    })
    .catch(rethrowPartNumberTaken);
}

/** Everything a product page shows about a part: the item, its category and its specifications. */
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
  | { ok: false; reason: "stale"; current: ItemDetail };

/**
 * Saves an edit made from `version`, and only if the row is still at that version: an order or
 * another edit since then refuses it (the caller shows the current values), so an absolute stock
 * figure typed before an order can never undo that order. Without a version (an API call that
 * leaves stock alone) the change applies to whatever is there. A changed stock figure is recorded
 * as a stock movement in the same transaction.
 */
export function updateItem(
  id: number,
  changes: Partial<ItemInput>,
  { version, userId = null, specs, priceBreaks }: { version?: number; userId?: number | null } & ItemLists = {},
): Promise<UpdateItemResult> {
  return db
    .transaction()
    .execute(async (trx): Promise<UpdateItemResult> => {
      const before = await trx
        .selectFrom("items")
        .select([...cardColumns, "version"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) return { ok: false, reason: "not-found" };
      if (changes.part_number) await assertPartNumberFree(trx, changes.part_number, id);
      await assertCategoryExists(trx, changes.category_id);
      let update = trx
        .updateTable("items")
        .set((eb) => ({
          ...changes,
          ...(changes.part_number ? { part_number_key: partNumberKey(changes.part_number) } : {}),
          version: eb("version", "+", 1),
        }))
        .where("id", "=", id);
      if (version !== undefined) update = update.where("version", "=", version);
      const item = await update.returning([...cardColumns, "version"]).executeTakeFirst();
      if (!item) return { ok: false, reason: "stale", current: before };
      if (specs) await replaceSpecs(trx, id, specs);
      if (priceBreaks) await replacePriceBreaks(trx, id, item.price_cents, priceBreaks);
      if (changes.quantity !== undefined && changes.quantity !== before.quantity) {
        await trx
          .insertInto("stock_movements")
          .values({
            item_id: id,
            user_id: userId,
            change: changes.quantity - before.quantity,
            quantity_after: changes.quantity,
            reason: "Stock figure set by hand",
            created_at: now(),
          })
          .execute();
      }
      return { ok: true, item };
    })
    .catch(rethrowPartNumberTaken);
}

export type AdjustStockResult =
  | { ok: true; item: ItemDetail }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "below-zero"; available: number };

/**
 * Adds or removes units ("+20 received", "-3 damaged") relative to whatever is in stock now, so it
 * needs no version: it composes with orders placed meanwhile. Recorded with who, when and why.
 */
export function adjustStock(
  id: number,
  { change, reason, userId }: { change: number; reason: string; userId: number | null },
): Promise<AdjustStockResult> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .updateTable("items")
      .set((eb) => ({ quantity: eb("quantity", "+", change), version: eb("version", "+", 1) }))
      .where("id", "=", id)
      .where("quantity", ">=", -change)
      .returning([...cardColumns, "version"])
      .executeTakeFirst();
    if (!item) {
      const current = await trx.selectFrom("items").select("quantity").where("id", "=", id).executeTakeFirst();
      return current
        ? { ok: false, reason: "below-zero", available: current.quantity }
        : { ok: false, reason: "not-found" };
    }
    await trx
      .insertInto("stock_movements")
      .values({ item_id: id, user_id: userId, change, quantity_after: item.quantity, reason, created_at: now() })
      .execute();
    return { ok: true, item };
  });
}

/** The latest hand-made stock changes of an item, newest first, with who made them. */
export function listStockMovements(itemId: number, limit = 20) {
  return db
    .selectFrom("stock_movements")
    .leftJoin("users", "users.id", "stock_movements.user_id")
    .select([
      "stock_movements.id",
      "stock_movements.change",
      "stock_movements.quantity_after",
      "stock_movements.reason",
      "stock_movements.created_at",
      "users.email as user_email",
    ])
    .where("stock_movements.item_id", "=", itemId)
    .orderBy("stock_movements.id", "desc")
    .limit(limit)
    .execute();
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

/**
 * The catalog fields of the dashboard's product form. A category left at "None" clears it; a part
 * number or lead time left blank keeps the current one (a new part gets a made-up number and 14 days).
 */
export function catalogFieldsFromForm(form: {
  partNumber?: string;
  category?: number;
  leadTimeDays?: number;
  minOrderQuantity?: number;
}): Partial<ItemInput> {
  return {
    ...(form.partNumber ? { part_number: form.partNumber } : {}),
    category_id: form.category ?? null,
    min_order_quantity: form.minOrderQuantity ?? 1,
    ...(form.leadTimeDays === undefined ? {} : { lead_time_days: form.leadTimeDays }),
  };
}

/** The product form's values for an existing item, its specification and its price breaks. */
export function formValuesFromItem(item: ItemDetail, specs: SpecInput[], priceBreaks: PriceBreakLine[]) {
  return {
    partNumber: item.part_number,
    category: item.category_id ?? undefined,
    leadTimeDays: item.lead_time_days,
    minOrderQuantity: item.min_order_quantity,
    priceBreaks: priceBreakLinesText(priceBreaks),
    specs: specLinesText(specs),
    version: item.version,
    name: item.name,
    img: item.img,
    description: item.description,
    price: (item.price_cents / 100).toFixed(2),
    quantity: item.quantity,
    supplierName: item.supplier_name,
  };
}
