// Filling a cart by part numbers (the quick order page) and from an earlier order (Order again).

import { db } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";
import { itemsByCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { getOrderWithLines } from "~/models/order";
import { priceLines, type WantedLine } from "~/models/pricing.server";
import { MAX_CART_LINES, type QuickOrderLine } from "~/validation/cart";

import type { CartOwner } from "./carts.server";
import { addLinesToCart, putInCart, summed } from "./lines.server";

/**
 * The parts these part numbers name, by their search key: a number typed as "gw sg m1 20" finds
 * GW-SG-M1-20, as the catalog's search does.
 */
export async function itemsByPartNumber(partNumbers: readonly string[]) {
  const keys = [...new Set(partNumbers.map(partNumberKey))].filter(Boolean);
  const items = keys.length
    ? await db
        .selectFrom("items")
        .select(["id", "part_number", "part_number_key", "min_order_quantity"])
        .where("part_number_key", "in", keys)
        .where("hidden", "=", 0)
        .execute()
    : [];
  return new Map(items.map((item) => [item.part_number_key, item]));
}

export type QuickOrderOutcome = {
  added: { line: number; partNumber: string; quantity: number }[];
  rejected: { line: number; text: string; reason: string }[];
};

/**
 * Puts a pasted or uploaded list into the cart: every line whose part number is known and whose
 * quantity reaches the part's minimum goes in, in one transaction; the rest come back with why.
 */
export async function quickOrder(owner: CartOwner, lines: readonly QuickOrderLine[]): Promise<QuickOrderOutcome> {
  const typed = lines.flatMap((line) => ("partNumber" in line ? [line.partNumber] : []));
  // A signed-in buyer's own part numbers first (docs/decisions/0032-parts-lists.md), then ours.
  const [byKey, byCustomerKey] = await Promise.all([
    itemsByPartNumber(typed),
    typeof owner === "number" ? itemsByCustomerPartNumber(owner, typed) : new Map<string, never>(),
  ]);
  const outcome: QuickOrderOutcome = { added: [], rejected: [] };
  const toAdd: (WantedLine & { line: Extract<QuickOrderLine, { partNumber: string }>; partNumber: string })[] = [];
  for (const line of lines) {
    if ("error" in line) {
      outcome.rejected.push({ line: line.line, text: line.text, reason: line.error });
      continue;
    }
    const key = partNumberKey(line.partNumber);
    const item = byCustomerKey.get(key) ?? byKey.get(key);
    if (!item) {
      outcome.rejected.push({ line: line.line, text: line.text, reason: `No part has the number ${line.partNumber}` });
    } else if (line.quantity < item.min_order_quantity) {
      outcome.rejected.push({
        line: line.line,
        text: line.text,
        reason: `${item.part_number} is sold in at least ${item.min_order_quantity}`,
      });
    } else {
      toAdd.push({ itemId: item.id, quantity: line.quantity, line, partNumber: item.part_number });
    }
  }
  const noRoom = await putInCart(owner, summed(toAdd));
  for (const { itemId, quantity, line, partNumber } of toAdd) {
    if (noRoom.has(itemId)) {
      outcome.rejected.push({
        line: line.line,
        text: line.text,
        reason: `${partNumber} does not fit: a cart holds at most ${MAX_CART_LINES} parts`,
      });
    } else {
      outcome.added.push({ line: line.line, partNumber, quantity });
    }
  }
  outcome.rejected.sort((a, b) => a.line - b.line);
  return outcome;
}

export type OrderAgainOutcome = {
  added: number;
  /** Parts whose unit price for this quantity is not what the order paid. */
  repriced: { partNumber: string; name: string; wasCents: number; nowCents: number }[];
  short: { partNumber: string; name: string; available: number }[];
  /** Parts deleted from the catalog since. */
  gone: { partNumber: string; name: string }[];
};

/** Order again: the order's lines go into the cart, with what changed since said plainly. */
export async function orderAgain(
  userId: number,
  orderId: number,
  { companyId = null }: { companyId?: number | null } = {},
): Promise<OrderAgainOutcome | undefined> {
  // The buyer's own order, or a colleague's for their company: either may be ordered again.
  const order = await getOrderWithLines(orderId, { ownerId: userId, companyId });
  if (!order) return undefined;
  const { lines } = order;
  const outcome: OrderAgainOutcome = { added: 0, repriced: [], short: [], gone: [] };
  const kept = lines.filter((line) => line.item_id !== null);
  const { bill, missing } = await priceLines(
    kept.map((line) => ({ itemId: line.item_id!, quantity: line.quantity })),
    { buyerId: userId },
  );
  for (const line of lines) {
    if (line.item_id === null || missing.includes(line.item_id)) {
      outcome.gone.push({ partNumber: line.part_number, name: line.item_name });
    }
  }
  const toAdd: WantedLine[] = [];
  for (const now of bill.lines) {
    const was = kept.find((line) => line.item_id === now.itemId)!;
    const quantity = Math.max(now.quantity, now.minOrderQuantity);
    toAdd.push({ itemId: now.itemId, quantity });
    if (now.unitPriceCents !== Number(was.unit_price_cents)) {
      outcome.repriced.push({
        partNumber: now.partNumber,
        name: now.name,
        wasCents: Number(was.unit_price_cents),
        nowCents: now.unitPriceCents,
      });
    }
    if (now.available < quantity && !now.allowBackorder)
      outcome.short.push({ partNumber: now.partNumber, name: now.name, available: now.available });
  }
  outcome.added = toAdd.length ? await addLinesToCart(userId, toAdd) : 0;
  return outcome;
}
