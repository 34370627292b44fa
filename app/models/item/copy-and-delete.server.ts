// A part duplicated as a hidden variant for staff to edit, and a part deleted unless open orders hold it.

import { db, type Executor, now } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";
import { OPEN_ORDER_STATUSES } from "~/lib/statuses";
import { copyMediaLinks } from "~/models/media";
import { priceBreaksOf } from "~/models/pricing.server";

import { replacePriceBreaks, replaceSpecs } from "./field-rules.server";
import { detailColumns, ItemDetail } from "./reading.server";
import { generatedPartNumber } from "./writes.server";

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
