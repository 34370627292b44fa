import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Saved parts lists and the buyer's own part numbers (issue 26, docs/decisions/0032-parts-lists.md):
 *
 * - `parts_lists`: a buyer's named list ("Line 3 maintenance kit"); `name_key` is the name as
 *   compared (trimmed, lower case), unique per buyer.
 * - `parts_list_lines`: a part and its quantity on a list, in the order they were saved.
 * - `customer_part_numbers`: the buyer's own number for one of our parts, per buyer and part (not
 *   per list), so it shows wherever the part does; `customer_part_number_key` is the number as a
 *   search compares it, unique per buyer, so quick order finds one part for it.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable("parts_lists")
    .addColumn("id", id, primaryId)
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull().check(sql`length(name) between 1 and 80`))
    .addColumn("name_key", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("parts_lists_user_name_key", ["user_id", "name_key"])
    .execute();

  await db.schema
    .createTable("parts_list_lines")
    .addColumn("list_id", "integer", (col) => col.notNull().references("parts_lists.id").onDelete("cascade"))
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("position", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("parts_list_lines_pk", ["list_id", "item_id"])
    .execute();
  await db.schema.createIndex("parts_list_lines_item_id_idx").on("parts_list_lines").column("item_id").execute();

  await db.schema
    .createTable("customer_part_numbers")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("customer_part_number", "text", (col) =>
      col.notNull().check(sql`length(customer_part_number) between 1 and 40`),
    )
    .addColumn("customer_part_number_key", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("customer_part_numbers_pk", ["user_id", "item_id"])
    .addUniqueConstraint("customer_part_numbers_user_key", ["user_id", "customer_part_number_key"])
    .execute();
  await db.schema
    .createIndex("customer_part_numbers_item_id_idx")
    .on("customer_part_numbers")
    .column("item_id")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("customer_part_numbers").execute();
  await db.schema.dropTable("parts_list_lines").execute();
  await db.schema.dropTable("parts_lists").execute();
}
