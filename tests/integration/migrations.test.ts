import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";

import { createDatabase } from "~/db/db.server";
import { migrateToLatest, migrateUpTo } from "~/db/migrate.server";

import { createTestDatabaseUrl } from "../support/test-database";

// These tests write rows by hand, not through newItem or newUser: the rows are the shapes of an
// older schema, which today's models (and their types) no longer know, and the migration under
// test is what turns them into today's.

type OldSpec = [name: string, value: string, unit: string | null];

/** Parts with specs in the shape the schema had before the search documents, one per list of specs. */
async function insertOldParts(
  before: Kysely<any>,
  categoryId: number,
  specsOf: OldSpec[][],
  { name, img, partNumber }: { name: string; img: string; partNumber: string },
) {
  const itemIds: number[] = [];
  for (const [index, specs] of specsOf.entries()) {
    const item = await before
      .insertInto("items")
      .values({
        name: `${name} ${index}`,
        img,
        description: "From before.",
        price_cents: 1250,
        quantity: 7,
        supplier_name: "X",
        part_number: `${partNumber}-${index}`,
        part_number_key: `${partNumber.replace(/-/g, "").toLowerCase()}${index}`,
        category_id: categoryId,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    itemIds.push(item.id);
    await before
      .insertInto("item_specs")
      .values(
        specs.map(([specName, value, unit], position) => ({ item_id: item.id, position, name: specName, value, unit })),
      )
      .execute();
  }
  return itemIds;
}

describe("migration 0008_catalog on a shop that already has items", () => {
  test("every existing item gets a unique part number from its id, its search key and a category", async () => {
    const database = await createTestDatabaseUrl();
    const db = createDatabase(database.url);
    try {
      await migrateUpTo(db, "0007_item_versions");
      const created_at = new Date().toISOString();
      // The schema of before 0008, which the app's types no longer describe.
      const before = db as unknown as Kysely<any>;
      for (const name of ["Old Gear", "Old Bearing"]) {
        await before
          .insertInto("items")
          .values({
            name,
            img: "/images/items/spur-gear.svg",
            description: "From before.",
            price_cents: 100,
            quantity: 1,
            supplier_name: "X",
            created_at,
          })
          .execute();
      }
      await migrateToLatest(db);
      const items = await db
        .selectFrom("items")
        .innerJoin("categories", "categories.id", "items.category_id")
        .select(["items.id", "part_number", "part_number_key", "lead_time_days", "categories.slug"])
        .orderBy("items.id")
        .execute();
      expect(items).toEqual([
        {
          id: items[0].id,
          part_number: `GW-${String(items[0].id).padStart(5, "0")}`,
          part_number_key: `gw${String(items[0].id).padStart(5, "0")}`,
          lead_time_days: 14,
          slug: "other",
        },
        {
          id: items[1].id,
          part_number: `GW-${String(items[1].id).padStart(5, "0")}`,
          part_number_key: `gw${String(items[1].id).padStart(5, "0")}`,
          lead_time_days: 14,
          slug: "other",
        },
      ]);
      // The part number is unique from now on.
      await expect(
        db
          .insertInto("items")
          .values({
            name: "Copy",
            img: "/x.svg",
            description: "Copy.",
            price_cents: 1,
            quantity: 1,
            supplier_name: "X",
            part_number: items[0].part_number,
            part_number_key: "x",
            created_at,
          })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe("migration 0012_cart_and_order_lines on a shop that already has orders", () => {
  test("every single-part order becomes an order of one line, keeping its id, status, address and total", async () => {
    const database = await createTestDatabaseUrl();
    const db = createDatabase(database.url);
    try {
      await migrateUpTo(db, "0011_spec_counts");
      const before = db as unknown as Kysely<any>;
      const created_at = "2026-03-01T10:00:00.000Z";
      const user = await before
        .insertInto("users")
        .values({ email: "old@example.com", display_name: "Old", role: "user", created_at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const item = await before
        .insertInto("items")
        .values({
          name: "Old Gear",
          img: "/images/items/spur-gear.svg",
          description: "From before.",
          price_cents: 1250,
          quantity: 7,
          supplier_name: "X",
          part_number: "GW-OLD-1",
          part_number_key: "gwold1",
          created_at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const old = [
        { item_id: item.id, item_name: "Old Gear", unit_price_cents: 1250, quantity: 3, status: "shipped" },
        { item_id: null, item_name: "A Deleted Part", unit_price_cents: 999, quantity: 2, status: "cancelled" },
      ];
      const ids: number[] = [];
      for (const order of old) {
        const row = await before
          .insertInto("orders")
          .values({
            ...order,
            user_id: user.id,
            total_cents: order.unit_price_cents * order.quantity,
            address: "1 Old Road",
            phone: "+44 114 496 0000",
            created_at,
            updated_at: created_at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }

      await migrateToLatest(db);

      const orders = await db.selectFrom("orders").selectAll().orderBy("id").execute();
      expect(orders).toMatchObject([
        {
          id: ids[0],
          status: "shipped",
          address: "1 Old Road",
          subtotal_cents: 3750,
          shipping_cents: 0,
          tax_cents: 0,
          total_cents: 3750,
          po_number: null,
        },
        { id: ids[1], status: "cancelled", subtotal_cents: 1998, total_cents: 1998 },
      ]);
      const lines = await db
        .selectFrom("order_lines")
        .select(["order_id", "position", "item_id", "item_name", "unit_price_cents", "quantity", "line_total_cents"])
        .orderBy("order_id")
        .execute();
      expect(lines).toEqual([
        {
          order_id: ids[0],
          position: 1,
          item_id: item.id,
          item_name: "Old Gear",
          unit_price_cents: 1250,
          quantity: 3,
          line_total_cents: 3750,
        },
        {
          order_id: ids[1],
          position: 1,
          item_id: null,
          item_name: "A Deleted Part",
          unit_price_cents: 999,
          quantity: 2,
          line_total_cents: 1998,
        },
      ]);
      // The part number is copied from the part where it still exists.
      const [first] = await db.selectFrom("order_lines").select("part_number").where("order_id", "=", ids[0]).execute();
      expect(first.part_number).toBe("GW-OLD-1");
      // Placed (pending) when created, and the status it has now when it was last changed.
      const history = await db
        .selectFrom("order_status_changes")
        .select(["order_id", "status"])
        .orderBy("order_id")
        .orderBy("id")
        .execute();
      expect(history).toEqual([
        { order_id: ids[0], status: "pending" },
        { order_id: ids[0], status: "shipped" },
        { order_id: ids[1], status: "pending" },
        { order_id: ids[1], status: "cancelled" },
      ]);
      // New orders continue after the old ids.
      const next = await db
        .insertInto("orders")
        .values({
          user_id: user.id,
          address: "2 New Road",
          phone: "+44 114 496 0001",
          subtotal_cents: 0,
          shipping_cents: 0,
          tax_cents: 0,
          total_cents: 0,
          checkout_token: "a-new-token-0001",
          created_at,
          updated_at: created_at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(ids[1]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe("migration 0016_spec_pair_counts on a catalog that already has specs", () => {
  test("counts every pair of spec values per category from the rows already there, then follows edits", async () => {
    const database = await createTestDatabaseUrl();
    const db = createDatabase(database.url);
    try {
      await migrateUpTo(db, "0015_search_facet_index");
      const before = db as unknown as Kysely<any>;
      const category = await before
        .insertInto("categories")
        .values({ slug: "old-gears", name: "Old gears", description: "From before." })
        .returning("id")
        .executeTakeFirstOrThrow();
      const specsOf: OldSpec[][] = [
        [
          ["Bore", "8", "mm"],
          ["Material", "Steel", null],
        ],
        [
          ["Bore", "8", "mm"],
          ["Material", "Brass", null],
        ],
        [
          ["Bore", "10", "mm"],
          ["Material", "Steel", null],
        ],
      ];
      const itemIds = await insertOldParts(before, category.id, specsOf, {
        name: "Old Gear",
        img: "/images/items/spur-gear.svg",
        partNumber: "GW-OLD",
      });

      await migrateToLatest(db);

      const pairs = () =>
        db
          .selectFrom("spec_pair_counts")
          .select(["name", "value", "other_name", "other_value", "other_unit", "items"])
          .where("category_id", "=", category.id)
          .where("items", ">", 0)
          .orderBy("name")
          .orderBy("value")
          .orderBy("other_value")
          .execute()
          .then((rows) => rows.map((row) => ({ ...row, items: Number(row.items) })));
      expect(await pairs()).toEqual([
        { name: "Bore", value: "10", other_name: "Material", other_value: "Steel", other_unit: "", items: 1 },
        { name: "Bore", value: "8", other_name: "Material", other_value: "Brass", other_unit: "", items: 1 },
        { name: "Bore", value: "8", other_name: "Material", other_value: "Steel", other_unit: "", items: 1 },
        { name: "Material", value: "Brass", other_name: "Bore", other_value: "8", other_unit: "mm", items: 1 },
        { name: "Material", value: "Steel", other_name: "Bore", other_value: "10", other_unit: "mm", items: 1 },
        { name: "Material", value: "Steel", other_name: "Bore", other_value: "8", other_unit: "mm", items: 1 },
      ]);
      // The triggers take over: the brass gear becomes steel.
      await db
        .updateTable("item_specs")
        .set({ value: "Steel" })
        .where("item_id", "=", itemIds[1])
        .where("name", "=", "Material")
        .execute();
      expect((await pairs()).filter((row) => row.name === "Bore" && row.value === "8")).toEqual([
        { name: "Bore", value: "8", other_name: "Material", other_value: "Steel", other_unit: "", items: 2 },
      ]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe("migration 0020_search_documents on a catalog that already has parts", () => {
  test("normalises spec values (number and unit apart) and writes every part's search document", async () => {
    const database = await createTestDatabaseUrl();
    const db = createDatabase(database.url);
    try {
      await migrateUpTo(db, "0019_held_mail");
      const before = db as unknown as Kysely<any>;
      const category = await before
        .insertInto("categories")
        .values({ slug: "old-bearings", name: "Old bearings", description: "From before." })
        .returning("id")
        .executeTakeFirstOrThrow();
      const specsOf: OldSpec[][] = [
        [
          ["Bore", "8", "mm"],
          ["Material", "Steel", null],
        ],
        // Typed with its unit and none recorded: the spec's unit elsewhere in the category is its template's.
        [
          ["Bore", "12mm", null],
          ["Profile", "5M", null],
        ],
        [
          ["Bore", "0.8 cm", "mm"],
          ["Material", "1.50", null],
        ],
      ];
      const itemIds = await insertOldParts(before, category.id, specsOf, {
        name: "Old Bearing",
        img: "/images/items/ball-bearing.svg",
        partNumber: "GW-OLDB",
      });

      await migrateToLatest(db);

      const specs = await db
        .selectFrom("item_specs")
        .select(["item_id", "name", "value", "unit"])
        .where("item_id", "in", itemIds)
        .orderBy("item_id")
        .orderBy("position")
        .execute();
      expect(specs.map(({ name, value, unit }) => [name, value, unit])).toEqual([
        ["Bore", "8", "mm"],
        ["Material", "Steel", null],
        ["Bore", "12", "mm"],
        // A text spec stays as written: 5M is a belt profile, not five metres.
        ["Profile", "5M", null],
        ["Bore", "8", "mm"],
        ["Material", "1.5", null],
      ]);
      // Every part already there is found by its spec, as a part written later would be.
      const { searchCatalog } = await import("~/models/catalog");
      const found = await searchCatalog({ query: "old bearing 8mm bore" }, { page: 1 }, { executor: db });
      expect(found.items.map((item) => item.id).sort()).toEqual([itemIds[0], itemIds[2]].sort());
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe("migration 0028_guest_carts on a shop whose customers have carts", () => {
  test("every customer's lines move to a cart of their own, quantities and dates as they were", async () => {
    const database = await createTestDatabaseUrl();
    const db = createDatabase(database.url);
    try {
      await migrateUpTo(db, "0026_catalog_imports");
      const before = db as unknown as Kysely<any>;
      const created_at = "2026-03-01T10:00:00.000Z";
      const users = [];
      for (const email of ["ada@example.com", "bob@example.com", "cy@example.com"]) {
        users.push(
          await before
            .insertInto("users")
            .values({ email, display_name: email, role: "user", created_at })
            .returning("id")
            .executeTakeFirstOrThrow(),
        );
      }
      const items = [];
      for (const index of [1, 2]) {
        items.push(
          await before
            .insertInto("items")
            .values({
              name: `Old Gear ${index}`,
              img: "/images/items/spur-gear.svg",
              description: "From before.",
              price_cents: 1250,
              quantity: 7,
              supplier_name: "X",
              part_number: `GW-OLD-${index}`,
              part_number_key: `gwold${index}`,
              created_at,
            })
            .returning("id")
            .executeTakeFirstOrThrow(),
        );
      }
      const old = [
        { user_id: users[0].id, item_id: items[0].id, quantity: 3, added_at: "2026-03-02T10:00:00.000Z" },
        { user_id: users[0].id, item_id: items[1].id, quantity: 25, added_at: "2026-03-03T10:00:00.000Z" },
        { user_id: users[1].id, item_id: items[0].id, quantity: 1, added_at: "2026-03-04T10:00:00.000Z" },
      ];
      await before.insertInto("cart_lines").values(old).execute();

      await migrateToLatest(db);

      const lines = await db
        .selectFrom("cart_lines")
        .innerJoin("carts", "carts.id", "cart_lines.cart_id")
        .select(["carts.user_id", "carts.token_hash", "carts.expires_at", "item_id", "quantity", "added_at"])
        .orderBy("added_at")
        .execute();
      expect(lines).toEqual(old.map((line) => ({ ...line, token_hash: null, expires_at: null })));
      // One cart per customer with lines; none for a customer without.
      const carts = await db.selectFrom("carts").select("user_id").orderBy("user_id").execute();
      expect(carts).toEqual([{ user_id: users[0].id }, { user_id: users[1].id }]);
      // A cart is an account's or a visitor's, never both; a visitor's expires.
      const stamp = new Date().toISOString();
      await expect(
        db
          .insertInto("carts")
          .values({ user_id: users[2].id, token_hash: "x", created_at: stamp, updated_at: stamp, expires_at: stamp })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db.insertInto("carts").values({ token_hash: "y", created_at: stamp, updated_at: stamp }).execute(),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe("migration 0032_stock_ledger_opening_balances", () => {
  test("a part whose stock the ledger never brought in gets one movement that opens its ledger; others none", async () => {
    const database = await createTestDatabaseUrl();
    const db = createDatabase(database.url);
    try {
      await migrateUpTo(db, "0031_cancelled_order_lines");
      const before = db as unknown as Kysely<any>;
      const created_at = new Date().toISOString();
      const part = (index: number, quantity: number) =>
        before
          .insertInto("items")
          .values({
            name: `Ledger Part ${index}`,
            img: "/images/items/spur-gear.svg",
            description: "From before.",
            price_cents: 100,
            quantity,
            supplier_name: "X",
            part_number: `GW-LEDGER-${index}`,
            part_number_key: `gwledger${index}`,
            created_at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      const unledgered = await part(1, 7);
      const ledgered = await part(2, 10);
      const empty = await part(3, 0);
      await before
        .insertInto("stock_movements")
        .values({ item_id: ledgered.id, change: 10, quantity_after: 10, reason: "Opening stock", created_at })
        .execute();

      await migrateToLatest(db);

      const movements = await db
        .selectFrom("stock_movements")
        .select(["item_id", "change", "quantity_after", "reason"])
        .orderBy("id")
        .execute();
      expect(movements).toEqual([
        { item_id: ledgered.id, change: 10, quantity_after: 10, reason: "Opening stock" },
        { item_id: unledgered.id, change: 7, quantity_after: 7, reason: "Stock before the ledger began" },
      ]);
      expect(movements.some((movement) => movement.item_id === empty.id)).toBe(false);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
