import { storePricingRules } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";
import {
  type BuyerPrice,
  buyerTiersOf,
  buyerUnitPrice,
  LIST_PRICE,
  type ListedPart,
  type PriceSource,
} from "~/lib/contract-prices";
import { type PriceBreak, type Totals, totalsFor } from "~/lib/pricing";
import { contractListsFor } from "~/models/price-lists";

/**
 * A part and quantity someone wants: a cart line, a quick-order line, an API order line. An accepted
 * quote's lines carry the unit price staff offered (`unitPriceCents`), which then replaces the price
 * and breaks; nothing a buyer sends can set it.
 */
/**
 * A line to price. A unit price given with it (an accepted quote's, a punchout transfer's) stands,
 * credited to `priceSource` (list price when not said).
 */
export type WantedLine = { itemId: number; quantity: number; unitPriceCents?: number; priceSource?: PriceSource };

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
  /** List price with breaks at this quantity: what the buyer would pay without a contract. */
  listUnitPriceCents: number;
  unitPriceCents: number;
  /** Where the unit price came from: list price, or a price list of the buyer's (a quote's is list). */
  priceSource: PriceSource;
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

/** A part's row as the price function reads it: its list price, breaks and category. */
function listedPart(
  part: { id: number; category_id: number | null; price_cents: number },
  breaks: ReadonlyMap<number, PriceBreak[]>,
): ListedPart {
  return {
    itemId: part.id,
    categoryId: part.category_id,
    basePriceCents: Number(part.price_cents),
    breaks: breaks.get(part.id) ?? [],
  };
}

/** Who is buying and on which store day: a buyer's price lists price their bills; none is list price. */
export type PricingFor = DbOptions & { buyerId?: number | null; day?: string };

/**
 * The one price function: for a buyer, parts and a quantity, the unit price and where it came from
 * (lib/contract-prices.ts has the rule). Returns a pricer for the parts given, so that a page of parts
 * reads the buyer's lists once.
 */
export async function buyerPricer(parts: readonly ListedPart[], { executor = db, buyerId, day }: PricingFor = {}) {
  const lists = await contractListsFor(buyerId, parts, { executor, day });
  return (part: ListedPart, quantity: number): BuyerPrice => buyerUnitPrice(part, quantity, lists);
}

/** Parts as a card shows them: what one looks like to the catalog and home page's cards. */
type CardPart = { id: number; category_id: number | null; price_cents: number; min_order_quantity: number };

/**
 * Cards' parts with the buyer's price at each part's minimum order (`your_price_cents`, and the list
 * it comes from), null where they pay list price: a guest and a buyer without lists read one query.
 */
export async function withYourPrices<Part extends CardPart>(parts: Part[], buyerId: number | null | undefined) {
  const none = () =>
    parts.map((part) => ({ ...part, your_price_cents: null as number | null, your_price_list: null as string | null }));
  if (!buyerId || !parts.length) return none();
  const breaks = await priceBreaksOf(parts.map((part) => part.id));
  const listed = parts.map((part) => listedPart(part, breaks));
  const lists = await contractListsFor(buyerId, listed);
  if (!lists.length) return none();
  return parts.map((part, index) => {
    const { unitPriceCents, source } = buyerUnitPrice(listed[index], part.min_order_quantity, lists);
    const contract = source.kind === "contract" ? source : null;
    return { ...part, your_price_cents: contract && unitPriceCents, your_price_list: contract?.listName ?? null };
  });
}

/** A part as the product page prices it for a buyer: their price at each quantity, or null for list price. */
export async function buyerTiersFor(
  buyerId: number | null | undefined,
  part: { id: number; category_id: number | null; price_cents: number; min_order_quantity: number },
  breaks: PriceBreak[],
) {
  const listed = listedPart(part, new Map([[part.id, breaks]]));
  const lists = await contractListsFor(buyerId, [listed]);
  return lists.length ? buyerTiersOf(listed, part.min_order_quantity, lists) : null;
}

/**
 * Prices wanted lines with the parts' current prices and breaks and the buyer's price lists, in the
 * order given. Lines of parts that no longer exist or are hidden are left out and their ids
 * returned, for the caller to report.
 */
export async function priceLines(wanted: readonly WantedLine[], { executor = db, buyerId, day }: PricingFor = {}) {
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
        "category_id",
      ])
      .where("id", "in", [...new Set(ids)])
      // A hidden part is off sale: its lines are as missing as a deleted part's.
      .where("hidden", "=", 0)
      .execute(),
    priceBreaksOf(ids, { executor }),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const listed = new Map(items.map((item) => [item.id, listedPart(item, breaks)]));
  const priceOf = await buyerPricer([...listed.values()], { executor, buyerId, day });
  const lines: BillLine[] = [];
  const missing: number[] = [];
  for (const { itemId, quantity, unitPriceCents: offered, priceSource: offeredSource } of wanted) {
    const item = byId.get(itemId);
    if (!item) {
      missing.push(itemId);
      continue;
    }
    const price = priceOf(listed.get(itemId)!, quantity);
    const unitPriceCents = offered ?? price.unitPriceCents;
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
      listUnitPriceCents: price.listUnitPriceCents,
      unitPriceCents,
      priceSource: offered === undefined ? price.source : (offeredSource ?? LIST_PRICE),
      lineTotalCents: unitPriceCents * quantity,
      problem: problemOf(quantity, item.quantity, item.min_order_quantity, item.allow_backorder === 1),
    });
  }
  return { bill: billOf(lines), missing };
}

function billOf(lines: BillLine[]): Bill {
  return { lines, totals: totalsFor(lines, storePricingRules()) };
}

export type PreviewFor = { partNumber: string; quantity: number } & ({ email: string } | { companyId: number });

export type Preview =
  | { ok: true; partName: string; quantity: number; price: BuyerPrice; whom: string }
  | { ok: false; reason: "no-part" | "no-account" | "no-company" };

/** Staff's "price of part X for Y at quantity Q, and why": the same function every bill uses. */
export async function previewPrice(wanted: PreviewFor): Promise<Preview> {
  const item = await db
    .selectFrom("items")
    .select(["id", "name", "category_id", "price_cents"])
    .where("part_number", "=", wanted.partNumber)
    .executeTakeFirst();
  if (!item) return { ok: false, reason: "no-part" };
  let whom: number | { companyId: number };
  let named: string;
  if ("email" in wanted) {
    const user = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "=", wanted.email.toLowerCase())
      .executeTakeFirst();
    if (!user) return { ok: false, reason: "no-account" };
    whom = user.id;
    named = user.email;
  } else {
    const company = await db
      .selectFrom("companies")
      .select(["id", "name"])
      .where("id", "=", wanted.companyId)
      .executeTakeFirst();
    if (!company) return { ok: false, reason: "no-company" };
    whom = { companyId: company.id };
    named = company.name;
  }
  const part = listedPart(item, await priceBreaksOf([item.id]));
  const lists = await contractListsFor(whom, [part]);
  return {
    ok: true,
    partName: item.name,
    quantity: wanted.quantity,
    price: buyerUnitPrice(part, wanted.quantity, lists),
    whom: named,
  };
}
