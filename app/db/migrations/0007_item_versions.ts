import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Lost updates on stock (docs/decisions/0011-stock-edits-carry-a-version.md). Every change to an
 * item row moves its version on, orders and cancellations included, and an edit is saved only
 * against the version it was made from. Stock changed by hand as an adjustment ("+20 received")
 * is recorded in stock_movements with who, when and why.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("items")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("stock_movements")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("change", "integer", (col) => col.notNull())
    .addColumn("quantity_after", "integer", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("stock_movements_item_id_idx").on("stock_movements").columns(["item_id", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("stock_movements").execute();
  await db.schema.alterTable("items").dropColumn("version").execute();
}
