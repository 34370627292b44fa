import { describe, expect, test } from "vitest";

import { type CatalogFilter, filterKey, normalizeFilter } from "./filter";

// A kept answer is filed under its filter's key (decision 18): filters that ask the same thing must
// share one key, or the same search is worked out and kept once per spelling of it; filters that
// ask different things must not, or one is answered with the other's parts.
const keyOf = (filter: CatalogFilter) => filterKey(normalizeFilter(filter));

describe("normalizeFilter", () => {
  test.each<[string, CatalogFilter, CatalogFilter]>([
    ["nothing chosen, said two ways", {}, { query: undefined, category: "", inStock: false, specs: {} }],
    ["white space around and inside the query", { query: "  sealed \t bearings\n" }, { query: "sealed bearings" }],
    ["a query of white space only is no search", { query: "   " }, {}],
    [
      "spec values in another order, said twice",
      { category: "gears", specs: { Bore: ["10", "8"] } },
      { category: "gears", specs: { Bore: ["8", "10", "8"] } },
    ],
    [
      "spec names in another order",
      { category: "gears", specs: { Module: ["1"], Bore: ["8"] } },
      { category: "gears", specs: { Bore: ["8"], Module: ["1"] } },
    ],
    [
      "a spec name with no values chosen",
      { category: "gears", specs: { Bore: ["8"], Teeth: [] } },
      { category: "gears", specs: { Bore: ["8"] } },
    ],
    ["an empty spec list", { category: "gears", specs: {} }, { category: "gears" }],
  ])("one key for %s", (_, a, b) => {
    expect(keyOf(a)).toBe(keyOf(b));
    expect(normalizeFilter(a)).toEqual(normalizeFilter(b));
  });

  test("a different key for every filter that asks something else", () => {
    const filters: CatalogFilter[] = [
      {},
      { query: "sealed bearings" },
      { query: "sealed" },
      { query: "Sealed bearings" },
      { query: "sealedbearings" },
      { category: "gears" },
      { category: "bearings" },
      { inStock: true },
      { query: "sealed bearings", inStock: true },
      { category: "gears", specs: { Bore: ["8"] } },
      { category: "gears", specs: { Bore: ["10"] } },
      { category: "gears", specs: { Bore: ["8", "10"] } },
      { category: "gears", specs: { Bore: ["8"], Module: ["1"] } },
      { category: "gears", specs: { Module: ["8"] } },
      // A name and value that would run together if the key simply joined them.
      { category: "gears", specs: { "Bore:8": ["10"] } },
      { category: "gears", specs: { Bore: ["8:10"] } },
      { query: "gears" },
    ];
    const keys = filters.map(keyOf);
    expect(new Set(keys).size).toBe(filters.length);
  });

  test("every field the queries read is in the key", () => {
    // The key names each field's normalized value, so a field that changes the answer changes it.
    const normalized = normalizeFilter({ query: "q", category: "c", inStock: true, specs: { Bore: ["8"] } });
    expect(JSON.parse(filterKey(normalized))).toEqual(Object.values(normalized));
  });
});
