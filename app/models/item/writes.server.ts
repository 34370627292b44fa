// Adding and editing a part: its row, specs and price breaks in one transaction, its opening stock in
// the ledger, and an edit made only from the version it was read at when it sets stock.
import { randomBytes } from "node:crypto";

import type { Transaction } from "kysely";

import { db, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { partNumberKey } from "~/lib/part-number";
import { OPENING_STOCK_REASON, recordStockMovement } from "~/models/stock.server";

import {
  asFieldRefusal,
  assertCategoryExists,
  assertPartNumberFree,
  type ProductFieldRefusal,
  replacePriceBreaks,
  replaceSpecs,
} from "./field-rules.server";
import { detailColumns, ItemChanges, ItemDetail, ItemInput, ItemLists } from "./reading.server";

export function generatedPartNumber() {
  return `GW-${randomBytes(4).toString("hex").toUpperCase()}`;
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
