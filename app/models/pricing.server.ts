import { storePricingRules } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";
import { type PriceBreak, type Totals, totalsFor, unitPriceFor } from "~/lib/pricing";

/**
 * A part and quantity someone wants: a cart line, a quick-order line, an API order line. An accepted
 * quote's lines carry the unit price staff offered (`unitPriceCents`), which then replaces the price
 * and breaks; nothing a buyer sends can set it.
 */
export type WantedLine = { itemId: number; quantity: number; unitPriceCents?: number };

/**
 * Why a line cannot be ordered as it stands: more than stock of a part that takes no backorders, or
 * fewer than its minimum.
 */
export type LineProblem = { kind: "short"; available: number } | { kind: "below-minimum"; minimum: number };

/** A line as every bill shows it: the cart, checkout, the order, the confirmation and the API. */
export type BillLine = {
  itemId: number;
  partNumber: string;
  name: string;
  img: string;
  quantity: number;
  /** Stock now. */
  available: number;
  /** Whether units beyond stock may be ordered, to leave after the lead time. */
  allowBackorder: boolean;
  leadTimeDays: number;
  minOrderQuantity: number;
  basePriceCents: number;
  unitPriceCents: number;
  lineTotalCents: number;
  problem: LineProblem | null;
};

export type Bill = { lines: BillLine[]; totals: Totals };

/** Every price break of these parts, cheapest threshold first. */
export async function priceBreaksOf(itemIds: readonly number[], { executor = db }: DbOptions = {}) {
  const byItem = new Map<number, PriceBreak[]>();
  if (!itemIds.length) return byItem;
  const rows = await executor
    .selectFrom("price_breaks")
    .select(["item_id", "min_quantity", "price_cents"])
    .where("item_id", "in", [...new Set(itemIds)])
    .orderBy("item_id")
    .orderBy("min_quantity")
    .execute();
  for (const row of rows) {
    const breaks = byItem.get(row.item_id) ?? [];
    breaks.push({ minQuantity: row.min_quantity, priceCents: Number(row.price_cents) });
    byItem.set(row.item_id, breaks);
  }
  return byItem;
}

/** A part's price breaks, for its product and order pages. */
export async function listPriceBreaks(itemId: number) {
  return (await priceBreaksOf([itemId])).get(itemId) ?? [];
}

/**
 * The problem a quantity of a part has now, if any: stock first (for a part that takes no
 * backorders), as it is what a buyer can't fix.
 */
export function problemOf(
  quantity: number,
  available: number,
  minimum: number,
  allowBackorder: boolean,
): LineProblem | null {
  if (quantity > available && !allowBackorder) return { kind: "short", available };
  if (quantity < minimum) return { kind: "below-minimum", minimum };
  return null;
}

/**
 * Prices wanted lines with the parts' current prices and breaks, in the order given. Lines of parts
 * that no longer exist or are hidden are left out and their ids returned, for the caller to report.
 */
export async function priceLines(wanted: readonly WantedLine[], { executor = db }: DbOptions = {}) {
  const ids = wanted.map((line) => line.itemId);
  if (!ids.length) return { bill: billOf([]), missing: [] as number[] };
  const [items, breaks] = await Promise.all([
    executor
      .selectFrom("items")
      .select([
        "id",
        "part_number",
        "name",
        "img",
        "price_cents",
        "quantity",
        "allow_backorder",
        "lead_time_days",
        "min_order_quantity",
      ])
      .where("id", "in", [...new Set(ids)])
      // A hidden part is off sale: its lines are as missing as a deleted part's.
      .where("hidden", "=", 0)
      .execute(),
    priceBreaksOf(ids, { executor }),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines: BillLine[] = [];
  const missing: number[] = [];
  for (const { itemId, quantity, unitPriceCents: offered } of wanted) {
    const item = byId.get(itemId);
    if (!item) {
      missing.push(itemId);
      continue;
    }
    const unitPriceCents = offered ?? unitPriceFor(Number(item.price_cents), breaks.get(itemId) ?? [], quantity);
    lines.push({
      itemId,
      partNumber: item.part_number,
      name: item.name,
      img: item.img,
      quantity,
      available: item.quantity,
      allowBackorder: item.allow_backorder === 1,
      leadTimeDays: item.lead_time_days,
      minOrderQuantity: item.min_order_quantity,
      basePriceCents: Number(item.price_cents),
      unitPriceCents,
      lineTotalCents: unitPriceCents * quantity,
      problem: problemOf(quantity, item.quantity, item.min_order_quantity, item.allow_backorder === 1),
    });
  }
  return { bill: billOf(lines), missing };
}

function billOf(lines: BillLine[]): Bill {
  return { lines, totals: totalsFor(lines, storePricingRules()) };
}
