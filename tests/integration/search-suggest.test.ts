import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { catalogVocabulary, listCatalogSlice } from "~/models/catalog";
import { suggestSearch } from "~/models/catalog/suggest.server";
import { updateItem } from "~/models/item";

import { seedDatabase } from "../../scripts/seed/seed-database";
import { newCategory, newItem } from "../support/builders";
import { uniqueToken } from "../support/unique";

// Suggestions as a buyer types in the header's search box (issue 24), on the demo catalog and on
// whichever database TEST_DATABASE names. The route's JSON, headers and bounds are tested over HTTP
// in tests/server/search-suggest.test.ts.

beforeAll(async () => {
  await seedDatabase(db, { adminEmail: "suggest-admin@example.com", adminPassword: "suggest-admin-pass" });
});

/** `db`, but any query it is asked to run fails the test. */
const noQueries = db.withPlugin({
  transformQuery() {
    throw new Error("asked the database");
  },
  transformResult: async ({ result }) => result,
});

/** Forces the next suggestions to be worked out afresh, as a change to the catalog would. */
function bumpGeneration() {
  return db
    .updateTable("catalog_generation")
    .set({ generation: sql<number>`generation + 1` })
    .where("id", "=", 1)
    .execute();
}

describe("suggestions", () => {
  test("a part number's start suggests its parts, each with its page", async () => {
    const { parts } = await suggestSearch("GW-SG");
    const spurGear = await db
      .selectFrom("items")
      .select(["id", "name"])
      .where("part_number", "=", "GW-SG-M1-20")
      .executeTakeFirstOrThrow();
    expect(parts).toContainEqual({ partNumber: "GW-SG-M1-20", name: spurGear.name, url: `/items/${spurGear.id}` });
    for (const part of parts) expect(part.partNumber).toMatch(/^GW-SG-/);
  });

  test("words as an engineer types them find the part: spur gear m1", async () => {
    const { parts } = await suggestSearch("spur gear m1");
    expect(parts.map((part) => part.partNumber)).toContain("GW-SG-M1-20");
    expect(parts.map((part) => part.partNumber)).not.toContain("GW-SG-M2-20");
  });

  test("at most 8 parts, in the catalog page's order", async () => {
    const { parts } = await suggestSearch("steel");
    const page = await listCatalogSlice({ query: "steel" }, { limit: 8, offset: 0, sort: "relevance" });
    expect(page.length).toBe(8);
    expect(parts.map((part) => part.url)).toEqual(page.map((item) => `/items/${item.id}`));
  });

  test("categories a word of whose name the query starts, then those holding the parts found, at most 4", async () => {
    expect((await suggestSearch("bear")).categories[0]).toEqual({
      name: "Bearings",
      slug: "bearings",
      url: "/items?category=bearings",
    });
    // "Belts & Pulleys" by its second word; a category's name is matched word by word.
    expect((await suggestSearch("pulley")).categories.map((category) => category.slug)).toContain("belts-pulleys");
    // No category is named by a part number: Gears holds the parts it finds.
    expect((await suggestSearch("GW-SG")).categories.map((category) => category.slug)).toEqual(["gears"]);
    // Five categories hold the parts found: the first four the parts meet, newest first.
    const tag = uniqueToken();
    const categories = [];
    for (let index = 0; index < 5; index++) {
      const category = await newCategory();
      await newItem({ name: `Dowel pin ${tag} ${index}`, category_id: category.id });
      categories.push(category.slug);
    }
    const many = await suggestSearch(`dowel ${tag}`);
    expect(many.parts).toHaveLength(5);
    expect(many.categories.map((category) => category.slug)).toEqual(categories.reverse().slice(0, 4));
  });

  test("an empty, one-character or wordless query answers empty lists without asking the database", async () => {
    for (const query of ["", " ", "a", "8", "é", "--", "a b", "the"]) {
      expect(await suggestSearch(query, { executor: noQueries }), JSON.stringify(query)).toEqual({
        parts: [],
        categories: [],
        searches: [],
      });
    }
    // The plugin does stop a query that gets through.
    await expect(suggestSearch("bearing", { executor: noQueries })).rejects.toThrow("asked the database");
  });

  test("a query is read as the search reads it: its first 200 characters, folded", async () => {
    const tag = uniqueToken();
    const item = await newItem({ name: `Tapered roller ${tag}` });
    // The tag past the 200th character is not read; before it, it is, whatever follows.
    expect((await suggestSearch(`${"x".repeat(195)} ${tag}`)).parts).toEqual([]);
    expect((await suggestSearch(`${tag.toUpperCase()} ${"x".repeat(300)}`)).parts.map((part) => part.url)).toEqual([
      `/items/${item.id}`,
    ]);
  });
});

describe("suggested searches", () => {
  const searchesFor = async (query: string) => (await suggestSearch(query)).searches.map((search) => search.query);

  test("a misspelt query corrected, first", async () => {
    expect((await searchesFor("spur gaer"))[0]).toBe("spur gear");
    expect(await searchesFor("hydralic cylindr")).toContain("hydraulic cylinder");
  });

  test("the last word completed from the catalog's words, each a link to its search; never the query itself", async () => {
    const searches = (await suggestSearch("spur ge")).searches;
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.length).toBeLessThanOrEqual(4);
    expect(searches.map((search) => search.query)).toContain("spur gear");
    for (const search of searches) {
      expect(search.query).toMatch(/^spur ge/);
      expect(search.url).toBe(`/items?${new URLSearchParams({ q: search.query })}`);
    }
    expect(await searchesFor("spur gear")).not.toContain("spur gear");
    // A part number, a measurement or a number is not a word to complete.
    expect(await searchesFor("gw-sg-m1-2")).toEqual([]);
    expect(await searchesFor("bore 8mm")).toEqual([]);
  });

  test("follow the catalog's words: a new word is completed once the vocabulary has it", async () => {
    const word = `quux${uniqueToken().replace(/\d/g, (digit) => "abcdefghij"[Number(digit)])}`;
    const prefix = word.slice(0, 8);
    expect(await searchesFor(prefix)).not.toContain(word);
    await newItem({ name: `Spacer ${word}` });
    await catalogVocabulary({ current: true });
    expect(await searchesFor(prefix)).toContain(word);
  });
});

describe("kept suggestions", () => {
  test("are kept per catalog generation, and follow a rename", async () => {
    const tag = uniqueToken();
    const category = await newCategory();
    const item = await newItem({ name: `Circlip ${tag}`, category_id: category.id });
    expect((await suggestSearch(`circlip ${tag}`)).parts.map((part) => part.name)).toEqual([`Circlip ${tag}`]);

    // Behind the model's back, without moving the generation: the kept suggestions do not see it...
    await sql`update items set name = ${`Circlip ${tag} internal`} where id = ${item.id}`.execute(db);
    await db
      .updateTable("catalog_generation")
      .set({ generation: sql<number>`generation - 1` })
      .where("id", "=", 1)
      .execute();
    expect((await suggestSearch(`circlip ${tag}`)).parts.map((part) => part.name)).toEqual([`Circlip ${tag}`]);
    // ...and the next change to the catalog retires them.
    await bumpGeneration();
    expect((await suggestSearch(`circlip ${tag}`)).parts.map((part) => part.name)).toEqual([`Circlip ${tag} internal`]);

    // Through the model: a rename, and a category's new name.
    await updateItem(item.id, { name: `Circlip ${tag} external` });
    await db
      .updateTable("categories")
      .set({ name: `Retaining rings ${tag}` })
      .where("id", "=", category.id)
      .execute();
    const { parts, categories } = await suggestSearch(`circlip ${tag}`);
    expect({ parts, categories }).toEqual({
      parts: [{ partNumber: item.part_number, name: `Circlip ${tag} external`, url: `/items/${item.id}` }],
      categories: [{ name: `Retaining rings ${tag}`, slug: category.slug, url: `/items?category=${category.slug}` }],
    });
  });

  test("read inside a transaction are never kept: the generation they saw may be rolled back", async () => {
    const tag = uniqueToken();
    const item = await newItem({ name: `Zorbel key ${tag}` });
    const rolledBack = new Error("rolled back");
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable("items")
          .set({ name: `Feather key ${uniqueToken()}` })
          .where("id", "=", item.id)
          .execute();
        expect((await suggestSearch(`zorbel ${tag}`, { executor: trx })).parts).toEqual([]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await suggestSearch(`zorbel ${tag}`)).parts.map((part) => part.url)).toEqual([`/items/${item.id}`]);
    await updateItem(item.id, { price_cents: 999 });
    expect((await suggestSearch(`zorbel ${tag}`)).parts.map((part) => part.url)).toEqual([`/items/${item.id}`]);
  });
});
