import fc from "fast-check";
import { describe, expect, test } from "vitest";

import {
  agreedPricesNote,
  buyerTiersOf,
  buyerUnitPrice,
  type ContractList,
  percentOff,
  priceAtTiers,
} from "./contract-prices";
import { unitPriceFor } from "./pricing";

const part = {
  itemId: 7,
  categoryId: 3,
  basePriceCents: 2000,
  breaks: [
    { minQuantity: 10, priceCents: 1800 },
    { minQuantity: 50, priceCents: 1500 },
  ],
};

function list(overrides: Partial<ContractList> = {}): ContractList {
  return {
    id: 1,
    name: "Acme 2027",
    fixedEvenIfHigher: false,
    parts: new Map(),
    categories: new Map(),
    allParts: null,
    ...overrides,
  };
}

describe("a buyer's unit price", () => {
  test("without a list it is list price with breaks", () => {
    expect(buyerUnitPrice(part, 12, [])).toEqual({
      unitPriceCents: 1800,
      listUnitPriceCents: 1800,
      source: { kind: "list" },
    });
  });

  test("within a list, the part's own price beats its category's percentage, which beats the all-parts one", () => {
    const all = list({ allParts: 1000 });
    expect(buyerUnitPrice(part, 1, [all])).toMatchObject({ unitPriceCents: 1800, source: { rule: "all" } });
    const category = list({ allParts: 1000, categories: new Map([[3, 2500]]) });
    expect(buyerUnitPrice(part, 1, [category])).toMatchObject({ unitPriceCents: 1500, source: { rule: "category" } });
    const own = list({
      allParts: 1000,
      categories: new Map([[3, 2500]]),
      parts: new Map([[7, { unitPriceCents: 1234, breaks: [] }]]),
    });
    expect(buyerUnitPrice(part, 1, [own])).toMatchObject({
      unitPriceCents: 1234,
      source: { rule: "part", listName: "Acme 2027" },
    });
  });

  test("a percentage is off list price with breaks at the quantity, rounded half up", () => {
    const tenOff = list({ allParts: 1000 });
    expect(buyerUnitPrice(part, 60, [tenOff]).unitPriceCents).toBe(1350);
    expect(percentOff(5, 1000)).toBe(4); // 0.5 off rounds up to 1 off
    expect(percentOff(1999, 1250)).toBe(1749); // 249.875 off → 250
  });

  test("a part rule's own breaks apply by quantity", () => {
    const own = list({
      parts: new Map([[7, { unitPriceCents: 1700, breaks: [{ minQuantity: 20, priceCents: 1400 }] }]]),
    });
    expect(buyerUnitPrice(part, 19, [own]).unitPriceCents).toBe(1700);
    expect(buyerUnitPrice(part, 20, [own]).unitPriceCents).toBe(1400);
  });

  test("a contract price higher than list with breaks gives way, unless its list says fixed even if higher", () => {
    const own = { parts: new Map([[7, { unitPriceCents: 1700, breaks: [] }]]) };
    expect(buyerUnitPrice(part, 50, [list(own)])).toEqual({
      unitPriceCents: 1500,
      listUnitPriceCents: 1500,
      source: { kind: "list" },
    });
    expect(buyerUnitPrice(part, 50, [list({ ...own, fixedEvenIfHigher: true })])).toMatchObject({
      unitPriceCents: 1700,
      source: { kind: "contract" },
    });
  });

  test("the first list with a rule for the part decides; later lists are not consulted", () => {
    const first = list({ id: 1, name: "Own", allParts: 500 });
    const second = list({ id: 2, name: "Company", parts: new Map([[7, { unitPriceCents: 100, breaks: [] }]]) });
    expect(buyerUnitPrice(part, 1, [first, second])).toMatchObject({
      unitPriceCents: 1900,
      source: { listName: "Own" },
    });
    const silent = list({ id: 3, name: "Other parts", parts: new Map([[8, { unitPriceCents: 1, breaks: [] }]]) });
    expect(buyerUnitPrice(part, 1, [silent, second])).toMatchObject({
      unitPriceCents: 100,
      source: { listName: "Company" },
    });
  });

  test("never more than list price unless fixed, never more than the rule gives (random lists)", () => {
    const rule = fc.record({
      parts: fc.option(fc.record({ unitPriceCents: fc.integer({ min: 0, max: 5000 }) }), { nil: undefined }),
      category: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
      all: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
      fixed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 4 }), fc.integer({ min: 1, max: 200 }), (rules, quantity) => {
        const lists = rules.map((each, index) =>
          list({
            id: index + 1,
            fixedEvenIfHigher: each.fixed,
            parts: new Map(each.parts ? [[7, { unitPriceCents: each.parts.unitPriceCents, breaks: [] }]] : []),
            categories: new Map(each.category ? [[3, each.category]] : []),
            allParts: each.all,
          }),
        );
        const price = buyerUnitPrice(part, quantity, lists);
        const listed = unitPriceFor(part.basePriceCents, part.breaks, quantity);
        expect(price.listUnitPriceCents).toBe(listed);
        const deciding = lists.find((each) => each.parts.has(7) || each.categories.has(3) || each.allParts !== null);
        if (!deciding?.fixedEvenIfHigher) expect(price.unitPriceCents).toBeLessThanOrEqual(listed);
        if (price.source.kind === "contract") expect(price.source.listId).toBe(deciding?.id);
        expect(price.unitPriceCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

test("a buyer's tiers give the same price as the function at every quantity", () => {
  const lists = [
    list({ parts: new Map([[7, { unitPriceCents: 1900, breaks: [{ minQuantity: 25, priceCents: 1600 }] }]]) }),
  ];
  const tiers = buyerTiersOf(part, 2, lists)!;
  expect(tiers.tiers.map((tier) => tier.minQuantity)).toEqual([2, 10, 25, 50]);
  for (let quantity = 2; quantity <= 80; quantity++) {
    expect(priceAtTiers(tiers.tiers, quantity)).toBe(buyerUnitPrice(part, quantity, lists).unitPriceCents);
  }
  expect(buyerTiersOf(part, 1, [list({ parts: new Map([[7, { unitPriceCents: 2500, breaks: [] }]]) })])).toBeNull();
});

describe("agreedPricesNote", () => {
  test("names each list's parts, counts past six, and says nothing when every line is at list price", () => {
    const line = (part_number: string, price_list_name: string | null) => ({ part_number, price_list_name });
    expect(agreedPricesNote([line("A", null)])).toBe("");
    expect(agreedPricesNote([line("A", "Acme 2027"), line("B", null), line("C", "Acme 2027")])).toBe(
      "Prices as agreed in Acme 2027: A, C.",
    );
    const many = ["A", "B", "C", "D", "E", "F", "G", "H"].map((part) => line(part, "Acme 2027"));
    expect(agreedPricesNote([...many, line("Z", "Spot deal")])).toBe(
      "Prices as agreed in Acme 2027: A, B, C, D, E, F and 2 more. Prices as agreed in Spot deal: Z.",
    );
  });
});
