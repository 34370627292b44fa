import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { browseCatalog, type CatalogFilter, catalogGeneration, type CatalogSort } from "~/models/catalog";
import { deleteItem, getItem, updateItem } from "~/models/item";
import { adjustStock } from "~/models/stock.server";

import { newCategory, newItem } from "../support/builders";
import { placePending } from "../support/orders";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// A catalog search's answer is kept per catalog generation (migration 0017): these tests hold that
// a kept answer never outlives a change to what it is made of, on whichever database TEST_DATABASE
// names. The HTTP test in server.test.ts holds the same across two processes.

/** A stock figure set as PUT /api/item/:id sets it: against the version it was read at. */
async function setStock(id: number, quantity: number) {
  const { version } = (await getItem(id))!;
  return updateItem(id, {}, { version, stockFigure: { quantity, reason: "Counted" } });
}

async function generationMoves(change: () => Promise<unknown>) {
  const before = await catalogGeneration();
  await change();
  return (await catalogGeneration()) > before;
}

/** Forces the next answers to be worked out afresh, as a change to the catalog would. */
function bumpGeneration() {
  return db
    .updateTable("catalog_generation")
    .set({ generation: sql<number>`generation + 1` })
    .where("id", "=", 1)
    .execute();
}

/** What a buyer sees of an answer: the parts in order, the totals and every count. */
async function seen(filter: CatalogFilter, options: { page: number; sort?: CatalogSort }) {
  const { items, ...rest } = await browseCatalog(filter, options);
  return { ...rest, items: items.map(({ id, name, price_cents, quantity }) => ({ id, name, price_cents, quantity })) };
}

describe("the catalog generation", () => {
  test("moves with every change a search's answer is made of", async () => {
    const [first, second] = [await newCategory(), await newCategory()];
    const item = await newItem({ category_id: first.id }, [{ name: "Bore", value: "8", unit: "mm" }]);
    const changes: [string, () => Promise<unknown>][] = [
      ["a new part", () => newItem()],
      ["a name", () => updateItem(item.id, { name: `Renamed ${uniqueToken()}` })],
      ["a description", () => updateItem(item.id, { description: "Now with a keyway." })],
      ["a part number", () => updateItem(item.id, { part_number: `KA-${uniqueToken()}` })],
      ["a category", () => updateItem(item.id, { category_id: second.id })],
      ["a price", () => updateItem(item.id, { price_cents: 4321 })],
      ["the specs", () => updateItem(item.id, {}, { specs: [{ name: "Bore", value: "10", unit: "mm" }] })],
      [
        "a category's name",
        () => db.updateTable("categories").set({ name: "Renamed" }).where("id", "=", first.id).execute(),
      ],
      ["a new category", () => newCategory()],
      ["a part removed", () => deleteItem(item.id)],
    ];
    for (const [what, change] of changes) expect(await generationMoves(change), what).toBe(true);
  });

  test("stays put when a statement changes nothing, as a refused request must leave the database", async () => {
    const item = await newItem();
    expect(await generationMoves(() => deleteItem(item.id + 1_000_000))).toBe(false);
    expect(await generationMoves(() => updateItem(item.id, { name: item.name, price_cents: item.price_cents }))).toBe(
      false,
    );
    expect(
      await generationMoves(() =>
        db.updateTable("categories").set({ description: "Said again." }).where("id", "=", -1).execute(),
      ),
    ).toBe(false);
  });

  test("stays put when only stock changes, which every order does", async () => {
    const item = await newItem({ quantity: 20 });
    const { user } = await createSignedInUser();
    expect(await generationMoves(() => placePending(user.id, item.id, 3))).toBe(false);
    expect(await generationMoves(() => adjustStock(item.id, { change: 5, reason: "Received", userId: null }))).toBe(
      false,
    );
    expect(await generationMoves(() => setStock(item.id, 0))).toBe(false);
  });
});

describe("kept answers", () => {
  test("show every part's stock and price as they are now", async () => {
    const tag = uniqueToken();
    const item = await newItem({ name: `Grub screw ${tag}`, quantity: 9 });
    const filter = { query: `grub ${tag}` };
    expect((await seen(filter, { page: 1 })).items).toEqual([expect.objectContaining({ id: item.id, quantity: 9 })]);
    const { user } = await createSignedInUser();
    await placePending(user.id, item.id, 4);
    expect((await seen(filter, { page: 1 })).items).toEqual([expect.objectContaining({ id: item.id, quantity: 5 })]);
  });

  test("“In stock only” is worked out afresh: a part that sells out leaves it at once", async () => {
    const tag = uniqueToken();
    const item = await newItem({ name: `Shim washer ${tag}`, quantity: 2 });
    const filter = { query: `shim ${tag}`, inStock: true };
    expect((await seen(filter, { page: 1 })).total).toBe(1);
    const { user } = await createSignedInUser();
    await placePending(user.id, item.id, 2);
    expect((await seen(filter, { page: 1 })).total).toBe(0);
  });

  test("concurrent requests for a new search all get its one answer", async () => {
    const tag = uniqueToken();
    for (let index = 0; index < 3; index++) await newItem({ name: `Taper pin ${tag} ${index}` });
    const answers = await Promise.all(Array.from({ length: 8 }, () => seen({ query: `taper ${tag}` }, { page: 1 })));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].total).toBe(3);
  });

  // Any sequence of catalog changes: after each, every kept answer equals the answer worked out
  // afresh. A trigger missing for one kind of change would leave its answers stale here.
  test("equal answers worked out afresh after any sequence of changes", async () => {
    const nameWord = fc.constantFrom("alpha", "beta");
    const change = fc.oneof(
      fc.record({ kind: fc.constant("rename" as const), at: fc.nat(), word: nameWord }),
      fc.record({ kind: fc.constant("describe" as const), at: fc.nat(), word: nameWord }),
      fc.record({ kind: fc.constant("move" as const), at: fc.nat(), to: fc.constantFrom(0, 1, null) }),
      fc.record({ kind: fc.constant("price" as const), at: fc.nat(), cents: fc.integer({ min: 100, max: 9_999 }) }),
      fc.record({
        kind: fc.constant("specs" as const),
        at: fc.nat(),
        bore: fc.constantFrom("6", "8", "10"),
        material: fc.constantFrom("Steel", "Brass"),
      }),
      fc.record({ kind: fc.constant("stock" as const), at: fc.nat(), quantity: fc.constantFrom(0, 5) }),
      fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }),
      fc.record({ kind: fc.constant("add" as const), word: nameWord }),
      fc.record({ kind: fc.constant("rename-category" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        const tag = uniqueToken();
        const categories = [await newCategory(), await newCategory()];
        const add = (word: string, index: number) =>
          newItem(
            {
              name: `Dowel ${word} ${tag} ${index}`,
              category_id: categories[index % 2].id,
              price_cents: 500 + ((index * 37) % 400),
            },
            [
              { name: "Bore", value: ["6", "8", "10"][index % 3], unit: "mm" },
              { name: "Material", value: index % 2 ? "Steel" : "Brass", unit: null },
            ],
          );
        const ids: number[] = [];
        for (let index = 0; index < 14; index++) ids.push((await add(index % 3 ? "alpha" : "beta", index)).id);
        const asked: [CatalogFilter, { page: number; sort?: CatalogSort }][] = [
          [{ query: `dowel ${tag}` }, { page: 1 }],
          [{ query: `dowel ${tag}` }, { page: 2 }],
          [{ query: `alpha ${tag}` }, { page: 1, sort: "price-asc" }],
          [
            { query: `dowel ${tag}`, category: categories[0].slug },
            { page: 1, sort: "name" },
          ],
          [{ category: categories[0].slug, specs: { Bore: ["8", "10"], Material: ["Steel"] } }, { page: 1 }],
        ];
        for (const [filter, options] of asked) await seen(filter, options);
        for (const step of changes) {
          const id = ids.length ? ids[("at" in step ? step.at : 0) % ids.length] : undefined;
          if (step.kind === "add") ids.push((await add(step.word, ids.length)).id);
          else if (step.kind === "rename-category")
            await db
              .updateTable("categories")
              .set({ name: `Renamed ${uniqueToken()}` })
              .where("id", "=", categories[0].id)
              .execute();
          else if (id === undefined) continue;
          else if (step.kind === "rename") await updateItem(id, { name: `Dowel ${step.word} ${tag} ${uniqueToken()}` });
          else if (step.kind === "describe") await updateItem(id, { description: `Ground ${step.word} finish.` });
          else if (step.kind === "move")
            await updateItem(id, { category_id: step.to === null ? null : categories[step.to].id });
          else if (step.kind === "price") await updateItem(id, { price_cents: step.cents });
          else if (step.kind === "stock") await setStock(id, step.quantity);
          else if (step.kind === "specs")
            await updateItem(
              id,
              {},
              {
                specs: [
                  { name: "Bore", value: step.bore, unit: "mm" },
                  { name: "Material", value: step.material, unit: null },
                ],
              },
            );
          else if (step.kind === "remove") {
            await deleteItem(id);
            ids.splice(ids.indexOf(id), 1);
          }
          // Every kept answer first: asking afresh moves the generation, which retires them all.
          const kept = [];
          for (const [filter, options] of asked) kept.push(await seen(filter, options));
          await bumpGeneration();
          for (const [index, [filter, options]] of asked.entries()) {
            expect(kept[index], `${JSON.stringify(filter)} after ${JSON.stringify(step)}`).toEqual(
              await seen(filter, options),
            );
          }
        }
      }),
      { numRuns: 40 },
    );
    // Forty sequences of catalog writes, each checked against every kept answer: about 20 s on
    // PostgreSQL on a busy two-core machine.
  }, 90_000);

  test("a search is answered from the kept answer until the catalog changes", async () => {
    const tag = uniqueToken();
    const item = await newItem({ name: `Circlip ${tag}` });
    const filter = { query: `circlip ${tag}` };
    await seen(filter, { page: 1 });
    // Behind the model's back, without moving the generation: a kept answer does not see it...
    await sql`update items set name = ${`Spring pin ${tag}`} where id = ${item.id}`.execute(db);
    await db
      .updateTable("catalog_generation")
      .set({ generation: sql<number>`generation - 1` })
      .where("id", "=", 1)
      .execute();
    expect((await seen(filter, { page: 1 })).search?.fullMatches).toBe(1);
    // ...and the next change to the catalog retires it.
    await bumpGeneration();
    expect((await seen(filter, { page: 1 })).search?.fullMatches).toBe(0);
  });

  test("an answer read inside a transaction is never kept: the generation it saw may be rolled back", async () => {
    const tag = uniqueToken();
    const item = await newItem({ name: `Woodruff key ${tag}` });
    const filter = { query: `woodruff ${tag}` };
    const rolledBack = new Error("rolled back");
    await expect(
      db.transaction().execute(async (trx) => {
        // Moves the generation inside the transaction only.
        await trx
          .updateTable("items")
          .set({ name: `Feather key ${tag}` })
          .where("id", "=", item.id)
          .execute();
        expect((await browseCatalog(filter, { page: 1 }, { executor: trx })).search?.fullMatches).toBe(0);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    // Neither under the generation before it, which is the catalog's again...
    expect((await seen(filter, { page: 1 })).search?.fullMatches).toBe(1);
    // ...nor under the one it moved to, which the next committed change takes.
    await updateItem(item.id, { price_cents: 999 });
    expect((await seen(filter, { page: 1 })).search?.fullMatches).toBe(1);
  });
});
