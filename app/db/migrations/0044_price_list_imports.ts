import { type Kysely, PostgresAdapter } from "kysely";

/**
 * A price list's rules checked from a CSV file and waiting to be applied (issue 50): the rules as
 * read (part and category ids resolved), what applying them changes, and when the list's rules
 * last changed at the check (an Apply refuses a list changed since). Applying replaces the list's
 * rules in one transaction; a checked file is kept until applied or discarded.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("price_list_imports")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("price_list_id", "integer", (col) => col.notNull().references("price_lists.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("rules", "text", (col) => col.notNull())
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("list_updated_at", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("checked"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("applied_at", "text")
    .execute();
  await db.schema
    .createIndex("price_list_imports_list_idx")
    .on("price_list_imports")
    .columns(["price_list_id", "status"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("price_list_imports").execute();
}
