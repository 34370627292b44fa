import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Carts, quantity prices and orders of several lines.
 *
 * - `items.min_order_quantity` (1 unless a part is sold in packs) and `price_breaks` (10+ at £4.40).
 * - `cart_lines`: one row per (customer, part), so a cart follows its owner across devices.
 * - An order becomes a header (address, PO number, totals, the checkout token that makes it exactly
 *   once) and `order_lines` that copy the part number, name and unit price used. Every existing
 *   order keeps its id, status and total and gets its one line; its goods total is its total, as
 *   those orders had no shipping or tax.
 * - `order_status_changes`: when an order moved, for the order page's history.
 *
 * SQLite cannot drop columns with constraints, so it rebuilds `orders`; PostgreSQL alters it.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "bigserial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .alterTable("items")
    .addColumn("min_order_quantity", "integer", (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`min_order_quantity >= 1`),
    )
    .execute();

  await db.schema
    .createTable("price_breaks")
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("min_quantity", "integer", (col) => col.notNull().check(sql`min_quantity > 1`))
    .addColumn("price_cents", "bigint", (col) => col.notNull().check(sql`price_cents >= 0`))
    .addPrimaryKeyConstraint("price_breaks_pk", ["item_id", "min_quantity"])
    .execute();

  await db.schema
    .createTable("cart_lines")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("added_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("cart_lines_pk", ["user_id", "item_id"])
    .execute();

  if (isPostgres) {
    await sql`
      alter table orders
        add column subtotal_cents bigint,
        add column shipping_cents bigint not null default 0,
        add column tax_cents bigint not null default 0,
        add column po_number text,
        add column checkout_token text`.execute(db);
    await sql`update orders set subtotal_cents = total_cents`.execute(db);
    await sql`alter table orders alter column subtotal_cents set not null`.execute(db);
  } else {
    await db.schema
      .createTable("orders_v2")
      .addColumn("id", id, primaryId)
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("status", "text", (col) =>
        col
          .notNull()
          .defaultTo("pending")
          .check(sql`status in ('pending', 'shipped', 'delivered', 'cancelled')`),
      )
      .addColumn("address", "text", (col) => col.notNull())
      .addColumn("phone", "text", (col) => col.notNull())
      .addColumn("po_number", "text")
      .addColumn("subtotal_cents", "bigint", (col) => col.notNull())
      .addColumn("shipping_cents", "bigint", (col) => col.notNull().defaultTo(0))
      .addColumn("tax_cents", "bigint", (col) => col.notNull().defaultTo(0))
      .addColumn("total_cents", "bigint", (col) => col.notNull())
      .addColumn("checkout_token", "text")
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      // Kept until the lines are copied below.
      .addColumn("legacy_item_id", "integer")
      .addColumn("legacy_item_name", "text")
      .addColumn("legacy_unit_price_cents", "bigint")
      .addColumn("legacy_quantity", "integer")
      .execute();
    await sql`
      insert into orders_v2 (id, user_id, status, address, phone, subtotal_cents, total_cents, created_at,
        updated_at, legacy_item_id, legacy_item_name, legacy_unit_price_cents, legacy_quantity)
      select id, user_id, status, address, phone, total_cents, total_cents, created_at, updated_at,
        item_id, item_name, unit_price_cents, quantity from orders`.execute(db);
    await sql`drop table orders`.execute(db);
    await sql`alter table orders_v2 rename to orders`.execute(db);
  }

  await db.schema
    .createTable("order_lines")
    .addColumn("id", id, primaryId)
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    // A line outlives its part: the number, name and price are copied in, the link cleared on delete.
    .addColumn("item_id", "integer", (col) => col.references("items.id").onDelete("set null"))
    .addColumn("part_number", "text", (col) => col.notNull())
    .addColumn("item_name", "text", (col) => col.notNull())
    .addColumn("unit_price_cents", "bigint", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("line_total_cents", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("order_status_changes")
    .addColumn("id", id, primaryId)
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("changed_at", "text", (col) => col.notNull())
    .execute();

  if (isPostgres) {
    await sql`
      insert into order_lines (order_id, position, item_id, part_number, item_name, unit_price_cents, quantity,
        line_total_cents)
      select orders.id, 1, orders.item_id, coalesce(items.part_number, ''), orders.item_name,
        orders.unit_price_cents, orders.quantity, orders.total_cents
      from orders left join items on items.id = orders.item_id order by orders.id`.execute(db);
    await sql`
      alter table orders drop column item_id, drop column item_name, drop column unit_price_cents,
        drop column quantity`.execute(db);
  } else {
    await sql`
      insert into order_lines (order_id, position, item_id, part_number, item_name, unit_price_cents, quantity,
        line_total_cents)
      select orders.id, 1, items.id, coalesce(items.part_number, ''), orders.legacy_item_name,
        orders.legacy_unit_price_cents, orders.legacy_quantity, orders.total_cents
      from orders left join items on items.id = orders.legacy_item_id order by orders.id`.execute(db);
    for (const column of ["legacy_item_id", "legacy_item_name", "legacy_unit_price_cents", "legacy_quantity"]) {
      await db.schema.alterTable("orders").dropColumn(column).execute();
    }
    await db.schema.createIndex("orders_user_id_idx").on("orders").columns(["user_id", "id"]).execute();
    await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "id"]).execute();
  }

  await sql`
    insert into order_status_changes (order_id, status, changed_at)
    select id, 'pending', created_at from orders`.execute(db);
  await sql`
    insert into order_status_changes (order_id, status, changed_at)
    select id, status, updated_at from orders where status <> 'pending'`.execute(db);

  // Per customer: a form's token is random, but an API client chooses its Idempotency-Key.
  await db.schema
    .createIndex("orders_checkout_token_idx")
    .unique()
    .on("orders")
    .columns(["user_id", "checkout_token"])
    .execute();
  await db.schema.createIndex("order_lines_order_id_idx").on("order_lines").columns(["order_id", "position"]).execute();
  await db.schema.createIndex("order_lines_item_id_idx").on("order_lines").column("item_id").execute();
  await db.schema
    .createIndex("order_status_changes_order_id_idx")
    .on("order_status_changes")
    .columns(["order_id", "id"])
    .execute();
  await db.schema.createIndex("cart_lines_item_id_idx").on("cart_lines").column("item_id").execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["order_status_changes", "order_lines", "cart_lines", "price_breaks"]) {
    await db.schema.dropTable(table).execute();
  }
}
