import { type PriceBreak, unitPriceFor } from "./pricing";

/**
 * Which unit price a buyer pays for a part at a quantity, and where it came from (issue 50,
 * docs/decisions/0049-contract-prices.md). Pure: the server prices every bill, page and document
 * with it, and a test can check it against each of them.
 */

/** A part rule: a fixed net unit price, with its own breaks or none. */
export type PartRule = { unitPriceCents: number; breaks: readonly PriceBreak[] };

/** One list as it applies to one buyer: only the rules that can touch the parts being priced. */
export type ContractList = {
  id: number;
  name: string;
  /** Its prices stand even where list price with breaks would be lower. */
  fixedEvenIfHigher: boolean;
  parts: ReadonlyMap<number, PartRule>;
  /** Basis points off, by category id. */
  categories: ReadonlyMap<number, number>;
  /** Basis points off every part; null: no such rule. */
  allParts: number | null;
};

export type PriceRuleKind = "part" | "category" | "all";

export type PriceSource =
  { kind: "list" } | { kind: "contract"; listId: number; listName: string; rule: PriceRuleKind };

export const LIST_PRICE: PriceSource = { kind: "list" };

/** What a part costs at list price: its price and breaks, and its category for percentage rules. */
export type ListedPart = {
  itemId: number;
  categoryId: number | null;
  basePriceCents: number;
  breaks: readonly PriceBreak[];
};

export type BuyerPrice = { unitPriceCents: number; listUnitPriceCents: number; source: PriceSource };

/** Half up to the minor unit, as tax is: `basisPoints` off `cents`. */
export function percentOff(cents: number, basisPoints: number) {
  return cents - Math.floor((cents * basisPoints + 5000) / 10_000);
}

/** The rule a list has for a part, the most specific first: the part's own, its category's, all parts'. */
function ruleOf(list: ContractList, part: ListedPart, listUnitPriceCents: number, quantity: number) {
  const own = list.parts.get(part.itemId);
  if (own) return { rule: "part" as const, cents: unitPriceFor(own.unitPriceCents, own.breaks, quantity) };
  const category = part.categoryId === null ? undefined : list.categories.get(part.categoryId);
  if (category !== undefined) return { rule: "category" as const, cents: percentOff(listUnitPriceCents, category) };
  if (list.allParts !== null) return { rule: "all" as const, cents: percentOff(listUnitPriceCents, list.allParts) };
  return null;
}

/**
 * The buyer's unit price. `lists` come in the order they are consulted: the buyer's own by priority,
 * then their company's by priority. The first list with a rule for the part decides; within it the
 * most specific rule. A contract price is charged when it is lower than list price with breaks at
 * this quantity, or when its list says its prices are fixed even if higher; otherwise list price.
 */
export function buyerUnitPrice(part: ListedPart, quantity: number, lists: readonly ContractList[]): BuyerPrice {
  const listUnitPriceCents = unitPriceFor(part.basePriceCents, part.breaks, quantity);
  for (const list of lists) {
    const found = ruleOf(list, part, listUnitPriceCents, quantity);
    if (!found) continue;
    if (found.cents < listUnitPriceCents || (list.fixedEvenIfHigher && found.cents !== listUnitPriceCents)) {
      return {
        unitPriceCents: found.cents,
        listUnitPriceCents,
        source: { kind: "contract", listId: list.id, listName: list.name, rule: found.rule },
      };
    }
    break;
  }
  return { unitPriceCents: listUnitPriceCents, listUnitPriceCents, source: LIST_PRICE };
}

/** A buyer's price by quantity as a page shows it: from each tier's `minQuantity`, its price each. */
export type BuyerTiers = { tiers: { minQuantity: number; priceCents: number }[]; listName: string };

/** The unit price at a quantity from a buyer's tiers (the first tier is the part's minimum). */
export function priceAtTiers(tiers: BuyerTiers["tiers"], quantity: number) {
  let price = tiers[0]?.priceCents ?? 0;
  for (const tier of tiers) if (quantity >= tier.minQuantity) price = tier.priceCents;
  return price;
}

/**
 * A buyer's prices for one part at every quantity where one can change (the part's minimum, its
 * breaks, its contract rule's breaks): null when no list of theirs lowers any of them.
 */
export function buyerTiersOf(part: ListedPart, minimum: number, lists: readonly ContractList[]): BuyerTiers | null {
  const thresholds = new Set([minimum]);
  for (const each of part.breaks) if (each.minQuantity > minimum) thresholds.add(each.minQuantity);
  for (const list of lists) {
    for (const each of list.parts.get(part.itemId)?.breaks ?? []) {
      if (each.minQuantity > minimum) thresholds.add(each.minQuantity);
    }
  }
  const prices = [...thresholds]
    .sort((a, b) => a - b)
    .map((minQuantity) => ({ minQuantity, price: buyerUnitPrice(part, minQuantity, lists) }));
  const contract = prices.find(({ price }) => price.source.kind === "contract")?.price.source;
  if (contract?.kind !== "contract") return null;
  return {
    tiers: prices.map(({ minQuantity, price }) => ({ minQuantity, priceCents: price.unitPriceCents })),
    listName: contract.listName,
  };
}

/** What a page shows a buyer per unit at a quantity: their tiers when they have them, else list price with breaks. */
export function shownUnitPrice(
  yourPrice: BuyerTiers | null,
  basePriceCents: number,
  breaks: readonly PriceBreak[],
  quantity: number,
) {
  return yourPrice ? priceAtTiers(yourPrice.tiers, quantity) : unitPriceFor(basePriceCents, breaks, quantity);
}

/** Part numbers a note names before it counts the rest. */
const NAMED_PARTS = 6;

/**
 * "Prices as agreed in Acme 2027: GW-1, GW-2.": which lines' prices came from which price list,
 * when any did (the other lines are at list price); empty when none did.
 */
export function agreedPricesNote(lines: { part_number: string; price_list_name: string | null }[]) {
  const byList = new Map<string, string[]>();
  for (const line of lines) {
    if (!line.price_list_name) continue;
    byList.set(line.price_list_name, [...(byList.get(line.price_list_name) ?? []), line.part_number]);
  }
  return [...byList]
    .map(([name, parts]) => {
      const named = parts.slice(0, NAMED_PARTS).join(", ");
      const more = parts.length > NAMED_PARTS ? ` and ${parts.length - NAMED_PARTS} more` : "";
      return `Prices as agreed in ${name}: ${named}${more}.`;
    })
    .join(" ");
}
