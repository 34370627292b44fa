import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";

import { createDatabase } from "~/db/db.server";
import { migrateToLatest, migrateUpTo } from "~/db/migrate.server";

import { createTestDatabaseUrl } from "../support/test-database";

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
