import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Contract prices (issue 50, docs/decisions/0049-contract-prices.md):
 *
 * - `price_lists`: an agreement's name and the store-zone days it is valid between (either open),
 *   and whether its prices stand even where list price with breaks would be lower.
 * - `price_list_rules`: a fixed net unit price for one part, or a percentage off (in basis points)
 *   for a category or, with neither, for every part. At most one rule per part, per category and
 *   one for all parts in a list.
 * - `price_list_rule_breaks`: a part rule's own quantity breaks.
 * - `price_list_assignments`: whom a list prices for, a customer or a company, and its priority.
 * - `order_lines`: the list a line's price came from, frozen with its name when the order was
 *   placed (no reference: a list changed or deleted later changes no placed order).
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable("price_lists")
    .addColumn("id", id, primaryId)
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("valid_from", "text")
    .addColumn("valid_until", "text")
    .addColumn("fixed_even_if_higher", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint(
      "price_lists_dates",
      sql`valid_from is null or valid_until is null or valid_from <= valid_until`,
    )
    .execute();

  await db.schema
    .createTable("price_list_rules")
    .addColumn("id", id, primaryId)
    .addColumn("price_list_id", "integer", (col) => col.notNull().references("price_lists.id").onDelete("cascade"))
    .addColumn("item_id", "integer", (col) => col.references("items.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (col) => col.references("categories.id").onDelete("cascade"))
    .addColumn("unit_price_cents", "bigint", (col) => col.check(sql`unit_price_cents >= 0`))
    .addColumn("percent_off_bp", "integer", (col) => col.check(sql`percent_off_bp between 1 and 10000`))
    .addCheckConstraint(
      "price_list_rules_kind",
      sql`(item_id is not null and category_id is null and unit_price_cents is not null and percent_off_bp is null)
        or (item_id is null and unit_price_cents is null and percent_off_bp is not null)`,
    )
    .execute();
  await db.schema
    .createIndex("price_list_rules_part_idx")
    .on("price_list_rules")
    .columns(["price_list_id", "item_id"])
    .unique()
    .where(sql.ref("item_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("price_list_rules_category_idx")
    .on("price_list_rules")
    .columns(["price_list_id", "category_id"])
    .unique()
    .where(sql.ref("category_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("price_list_rules_all_idx")
    .on("price_list_rules")
    .column("price_list_id")
    .unique()
    .where(sql<boolean>`item_id is null and category_id is null`)
    .execute();
  await db.schema.createIndex("price_list_rules_item_idx").on("price_list_rules").column("item_id").execute();

  await db.schema
    .createTable("price_list_rule_breaks")
    .addColumn("rule_id", "integer", (col) => col.notNull().references("price_list_rules.id").onDelete("cascade"))
    .addColumn("min_quantity", "integer", (col) => col.notNull().check(sql`min_quantity >= 2`))
    .addColumn("price_cents", "bigint", (col) => col.notNull().check(sql`price_cents >= 0`))
    .addPrimaryKeyConstraint("price_list_rule_breaks_pk", ["rule_id", "min_quantity"])
    .execute();

  await db.schema
    .createTable("price_list_assignments")
    .addColumn("id", id, primaryId)
    .addColumn("price_list_id", "integer", (col) => col.notNull().references("price_lists.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (col) => col.references("companies.id").onDelete("cascade"))
    .addColumn("priority", "integer", (col) => col.notNull().defaultTo(0))
    .addCheckConstraint("price_list_assignments_whom", sql`(user_id is null) <> (company_id is null)`)
    .execute();
  await db.schema
    .createIndex("price_list_assignments_user_idx")
    .on("price_list_assignments")
    .columns(["user_id", "price_list_id"])
    .unique()
    .where(sql.ref("user_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("price_list_assignments_company_idx")
    .on("price_list_assignments")
    .columns(["company_id", "price_list_id"])
    .unique()
    .where(sql.ref("company_id"), "is not", null)
    .execute();

  await db.schema.alterTable("order_lines").addColumn("price_list_id", "integer").execute();
  await db.schema.alterTable("order_lines").addColumn("price_list_name", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("order_lines").dropColumn("price_list_name").execute();
  await db.schema.alterTable("order_lines").dropColumn("price_list_id").execute();
  await db.schema.dropTable("price_list_assignments").execute();
  await db.schema.dropTable("price_list_rule_breaks").execute();
  await db.schema.dropTable("price_list_rules").execute();
  await db.schema.dropTable("price_lists").execute();
}
