import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { searchCatalog } from "~/models/catalog";

import { catalogCategories, catalogParts } from "../../scripts/seed/catalog-data";
import { seedDatabase } from "../../scripts/seed/seed-database";
import {
  CAP_SCREWS_12_9,
  CYLINDERS,
  EIGHT_MM_BORE,
  G_QUARTER,
  GRADE_8_8_BOLTS,
  MODULE_1_GEARS,
  relevanceQueries,
  SPUR_GEARS,
  SPUR_GEARS_M1,
} from "./search-relevance-queries";

// The relevance suite (issue 24): the demo catalog searched as engineers type, on whichever database
// TEST_DATABASE names. A query passes when its first three results, in the catalog's relevance
// order, hold one of its acceptable parts.

const REQUIRED_SHARE = 0.95;

beforeAll(async () => {
  await seedDatabase(db, { adminEmail: "relevance-admin@example.com", adminPassword: "relevance-admin-pass" });
});

/** The part numbers of a search's first `count` results, best first. */
async function firstResults(query: string, count = 3) {
  const page = await searchCatalog({ query }, { page: 1 });
  return page.items.slice(0, count).map((item) => item.part_number);
}

describe("the queries", () => {
  test("70 or more, over every category of the demo catalog, each naming parts the catalog has", () => {
    const categoryOf = new Map(catalogParts.map((part) => [part.partNumber, part.category]));
    expect(relevanceQueries.length).toBeGreaterThanOrEqual(70);
    expect(new Set(relevanceQueries.map((entry) => entry.query)).size).toBe(relevanceQueries.length);
    const unknown = relevanceQueries.flatMap((entry) => entry.acceptable.filter((part) => !categoryOf.has(part)));
    expect(unknown).toEqual([]);
    const covered = new Set(relevanceQueries.flatMap((entry) => entry.acceptable.map((part) => categoryOf.get(part))));
    expect([...covered].sort()).toEqual(catalogCategories.map((category) => category.slug).sort());
  });
});

describe("relevance", () => {
  test(`${REQUIRED_SHARE * 100}% of the queries or more find an acceptable part in their first three results`, async () => {
    const misses: { query: string; expected: string[]; got: string[] }[] = [];
    for (const { query, acceptable } of relevanceQueries) {
      const got = await firstResults(query);
      if (!got.some((part) => acceptable.includes(part))) misses.push({ query, expected: acceptable, got });
    }
    const found = relevanceQueries.length - misses.length;
    const summary = `relevance: ${found} of ${relevanceQueries.length} queries found (${((100 * found) / relevanceQueries.length).toFixed(1)}%)`;
    const report = [
      summary,
      ...misses.map(
        ({ query, expected, got }) =>
          `  miss ${JSON.stringify(query)}: expected one of ${expected.join(", ")}; got ${got.join(", ") || "nothing"}`,
      ),
    ].join("\n");
    // The share and the misses, also when it passes: the next change to the matcher starts from them.
    console.info(report);
    expect(found / relevanceQueries.length, summary).toBeGreaterThanOrEqual(REQUIRED_SHARE);
  });

  test("the issue's examples find their parts first", async () => {
    const first = async (query: string) => (await firstResults(query, 1))[0];
    const firstOf = async (query: string, count: number) => new Set(await firstResults(query, count));
    const allAmong = async (query: string, parts: string[]) => {
      const got = await firstResults(query);
      expect.soft(got, query).toHaveLength(3);
      expect
        .soft(
          got.filter((part) => !parts.includes(part)),
          query,
        )
        .toEqual([]);
    };

    expect.soft(await first("GW-SG-M1-20"), "GW-SG-M1-20").toBe("GW-SG-M1-20");
    expect.soft(await first("spur gear m1 20 teeth 8mm bore"), "the whole description").toBe("GW-SG-M1-20");
    for (const query of ["spur gear m1", "m1 spur gear"]) {
      expect.soft(await firstOf(query, 2), query).toEqual(new Set(SPUR_GEARS_M1));
    }
    // Module 1.5 is no module 1, though its text holds the tokens "module 1".
    await allAmong("module 1", MODULE_1_GEARS);
    await allAmong("8mm bore", EIGHT_MM_BORE);
    await allAmong("spur gaer", SPUR_GEARS);
    expect.soft(await first("m6x20 socket head"), "m6x20 socket head").toBe("GW-SC-M6-20-129");
    expect.soft(await firstOf("M6x20", 2), "M6x20").toEqual(new Set(["GW-HB-M6-20-88", "GW-SC-M6-20-129"]));
    for (const query of ["6204 2rs", "6204-2RS"]) expect.soft(await first(query), query).toBe("GW-BB-6204-2RS");
    for (const query of ["608rs", "608"]) expect.soft(await first(query), query).toBe("GW-BB-608-2RS");
    expect.soft(await first("Tr16x4"), "Tr16x4").toBe("GW-TS-TR16X4-1000");
    expect.soft(await first("30:1"), "30:1").toBe("GW-WG-M2-30");
    await allAmong("G 1/4", G_QUARTER);
    await allAmong("8.8", GRADE_8_8_BOLTS);
    expect.soft(await firstOf("12.9", 2), "12.9").toEqual(new Set(CAP_SCREWS_12_9));
    expect.soft(await first("A2"), "A2").toBe("GW-SC-M6-16-A2");
    await allAmong("hydralic cylindr", CYLINDERS);
    const bearings = catalogParts.filter((part) => part.name.includes("Bearing")).map((part) => part.partNumber);
    await allAmong("bearng", bearings);
  });
});
