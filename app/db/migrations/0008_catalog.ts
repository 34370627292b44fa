import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * A parts catalog: every item gets a unique part number (and its search key: lower case, letters
 * and digits only, so "GW SG M1 20", "gw-sg-m1-20" and "gwsgm120" meet), a category, a lead time for
 * when it is out of stock, and a list of specifications stored one per row so they can be filtered.
 * Items that exist already get a part number from their id and the category "Other parts".
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (table: ReturnType<typeof db.schema.createTable>) =>
    table.addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    );

  await serial(db.schema.createTable("categories"))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .execute();

  await db.schema.alterTable("items").addColumn("part_number", "text").execute();
  await db.schema.alterTable("items").addColumn("part_number_key", "text").execute();
  await db.schema
    .alterTable("items")
    .addColumn("category_id", "integer", (col) => col.references("categories.id").onDelete("restrict"))
    .execute();
  await db.schema
    .alterTable("items")
    .addColumn("lead_time_days", "integer", (col) => col.notNull().defaultTo(14))
    .execute();

  const { count } = await db
    .selectFrom("items")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) {
    const other = await db
      .insertInto("categories")
      .values({ slug: "other", name: "Other parts", description: "Parts not yet given a category." })
      .returning("id")
      .executeTakeFirstOrThrow();
    const padded = isPostgres ? sql`lpad(id::text, 5, '0')` : sql`substr('00000' || id, -5, 5)`;
    await sql`update items set part_number = 'GW-' || ${padded}, part_number_key = 'gw' || ${padded}, category_id = ${other.id}`.execute(
      db,
    );
  }

  await db.schema.createIndex("items_part_number_unique").on("items").column("part_number").unique().execute();
  await db.schema.createIndex("items_part_number_key_idx").on("items").column("part_number_key").execute();
  await db.schema.createIndex("items_category_id_idx").on("items").columns(["category_id", "id"]).execute();

  // A review may be about one part (shown on its page) or about the shop as a whole.
  await db.schema
    .alterTable("reviews")
    .addColumn("item_id", "integer", (col) => col.references("items.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("reviews_item_id_idx").on("reviews").columns(["item_id", "id"]).execute();

  await serial(db.schema.createTable("item_specs"))
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("unit", "text")
    .execute();
  await db.schema.createIndex("item_specs_item_idx").on("item_specs").columns(["item_id", "position"]).execute();
  // Facet filters and their counts: "Bore = 20" → the items, from the index alone.
  await db.schema.createIndex("item_specs_facet_idx").on("item_specs").columns(["name", "value", "item_id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("item_specs").execute();
  await db.schema.dropIndex("reviews_item_id_idx").execute();
  await db.schema.alterTable("reviews").dropColumn("item_id").execute();
  await db.schema.dropIndex("items_category_id_idx").execute();
  await db.schema.dropIndex("items_part_number_key_idx").execute();
  await db.schema.dropIndex("items_part_number_unique").execute();
  for (const column of ["lead_time_days", "category_id", "part_number_key", "part_number"]) {
    await db.schema.alterTable("items").dropColumn(column).execute();
  }
  await db.schema.dropTable("categories").execute();
}
