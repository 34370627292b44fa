import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Carts of their own (docs/decisions/0029-guest-carts.md): a `carts` row is either an account's
 * (`user_id`, one per account, no expiry) or a visitor's (`token_hash`, the SHA-256 of the random
 * token its own cookie carries, with `expires_at`), and `cart_lines` are keyed by cart. Every
 * customer's existing lines move to a cart of their own, quantities and dates as they were.
 *
 * The old table is renamed rather than altered (SQLite cannot change a primary key), copied and
 * dropped, the same on both databases.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`alter table cart_lines rename to cart_lines_before_0028`.execute(db);

  await db.schema
    .createTable("carts")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (col) => col.unique().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text")
    // An account's cart or a visitor's, never both or neither; only a visitor's expires.
    .addCheckConstraint("carts_one_owner", sql`(user_id is null) <> (token_hash is null)`)
    .addCheckConstraint("carts_guests_expire", sql`(token_hash is null) = (expires_at is null)`)
    .execute();
  await db.schema.createIndex("carts_expires_at_idx").on("carts").column("expires_at").execute();

  await db.schema
    .createTable("cart_lines")
    .addColumn("cart_id", "integer", (col) => col.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("added_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("cart_lines_cart_item_pk", ["cart_id", "item_id"])
    .execute();

  await sql`
    insert into carts (user_id, created_at, updated_at)
    select user_id, min(added_at), max(added_at) from cart_lines_before_0028 group by user_id`.execute(db);
  await sql`
    insert into cart_lines (cart_id, item_id, quantity, added_at)
    select carts.id, line.item_id, line.quantity, line.added_at
    from cart_lines_before_0028 line join carts on carts.user_id = line.user_id`.execute(db);
  await sql`drop table cart_lines_before_0028`.execute(db);
  await db.schema.createIndex("cart_lines_item_id_idx").on("cart_lines").column("item_id").execute();
}

/** Back to one line per (customer, part): account carts' lines return; visitors' carts are lost. */
export async function down(db: Kysely<any>) {
  await sql`alter table cart_lines rename to cart_lines_after_0028`.execute(db);
  await db.schema
    .createTable("cart_lines")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("added_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("cart_lines_pk", ["user_id", "item_id"])
    .execute();
  await sql`
    insert into cart_lines (user_id, item_id, quantity, added_at)
    select carts.user_id, line.item_id, line.quantity, line.added_at
    from cart_lines_after_0028 line join carts on carts.id = line.cart_id
    where carts.user_id is not null`.execute(db);
  await sql`drop table cart_lines_after_0028`.execute(db);
  await sql`drop table carts`.execute(db);
  await db.schema.createIndex("cart_lines_item_id_idx").on("cart_lines").column("item_id").execute();
}
