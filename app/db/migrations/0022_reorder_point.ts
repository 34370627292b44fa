import { type Kysely, sql } from "kysely";

/**
 * What the staff's product list and the admin home read. Each part's reorder point: stock at or
 * below it is low (0 by default, so a part counts as low once it has sold out); the expression
 * index finds the low parts of a catalog of 100,000 without reading every row. The orders' day
 * index serves the admin home's last 30 days of orders.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("items")
    .addColumn("reorder_point", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create index items_stock_over_reorder_point_idx on items ((quantity - reorder_point))`.execute(db);
  await db.schema.createIndex("orders_created_at_idx").on("orders").column("created_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("orders_created_at_idx").execute();
  await db.schema.dropIndex("items_stock_over_reorder_point_idx").execute();
  await db.schema.alterTable("items").dropColumn("reorder_point").execute();
}
