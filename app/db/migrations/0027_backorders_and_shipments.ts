import { type Kysely, PostgresAdapter, sql } from "kysely";

import { ORDER_STATUSES } from "~/lib/statuses";

/**
 * Backorders and shipments (issue 26).
 *
 * - A part allows backorders unless staff turn it off (`items.allow_backorder`).
 * - Each order line records how many units are allocated to it from stock, how many are waiting
 *   for stock (allocated + waiting = quantity while the order is open), how many of the allocated
 *   have been shipped, and, when some wait, the day they were promised to leave (`backorder_due`,
 *   a calendar date in the store's zone, fixed when the order is placed). Existing lines were
 *   allocated whole when they were placed; those of shipped and delivered orders shipped whole;
 *   a cancelled order's units went back to stock.
 * - A shipment is what left in one go: its lines and quantities.
 * - Orders gain the statuses `awaiting approval` (company approvals, issue 27) and `partly shipped`.
 *   SQLite cannot change a CHECK constraint in place, so its `orders` table is rebuilt from its own
 *   CREATE statement with the new list (the procedure in SQLite's documentation: foreign keys off,
 *   one transaction, copy, drop, rename, indexes again, foreign_key_check).
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await allowOrderStatuses(db, isPostgres);

  await db.schema
    .alterTable("items")
    .addColumn("allow_backorder", "integer", (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`allow_backorder in (0, 1)`),
    )
    .execute();

  for (const column of ["allocated", "waiting", "shipped"]) {
    await db.schema
      .alterTable("order_lines")
      .addColumn(column, "integer", (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
  await db.schema.alterTable("order_lines").addColumn("backorder_due", "text").execute();
  await sql`update order_lines set allocated = quantity
    where order_id in (select id from orders where status <> 'cancelled')`.execute(db);
  await sql`update order_lines set shipped = quantity
    where order_id in (select id from orders where status in ('shipped', 'delivered'))`.execute(db);
  // The lines a stock arrival fills, oldest order first.
  await db.schema
    .createIndex("order_lines_waiting_idx")
    .on("order_lines")
    .columns(["item_id", "order_id"])
    .where(sql.ref("waiting"), ">", 0)
    .execute();

  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  await db.schema
    .createTable("shipments")
    .addColumn("id", id, primaryId)
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("shipments_order_idx").on("shipments").columns(["order_id", "id"]).execute();
  await db.schema
    .createTable("shipment_lines")
    .addColumn("shipment_id", "integer", (col) => col.notNull().references("shipments.id").onDelete("cascade"))
    .addColumn("order_line_id", "integer", (col) => col.notNull().references("order_lines.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint("shipment_lines_pk", ["shipment_id", "order_line_id"])
    .execute();
}

const statusList = () => sql.join(ORDER_STATUSES.map((status) => sql.lit(status)));

async function allowOrderStatuses(db: Kysely<any>, isPostgres: boolean) {
  if (isPostgres) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status%'`.execute(db);
    for (const { name } of rows) await sql`alter table orders drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table orders add constraint orders_status_check check (status in (${statusList()}))`.execute(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const { rows: tables } = await sql<{ sql: string }>`
        select sql from sqlite_schema where type = 'table' and name = 'orders'`.execute(trx);
      const { rows: indexes } = await sql<{ sql: string }>`
        select sql from sqlite_schema where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(trx);
      const statuses = ORDER_STATUSES.map((status) => `'${status}'`).join(", ");
      const check = /check \(status in \([^)]*\)\)/;
      if (!check.test(tables[0].sql)) throw new Error("orders has no status check to change");
      const rebuilt = tables[0].sql
        .replace(/^CREATE TABLE "orders"/, 'CREATE TABLE "orders_rebuilt"')
        .replace(check, `check (status in (${statuses}))`);
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into orders_rebuilt select * from orders`.execute(trx);
      await sql`drop table orders`.execute(trx);
      await sql`alter table orders_rebuilt rename to orders`.execute(trx);
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length) throw new Error(`rebuilding orders broke ${broken.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("shipment_lines").execute();
  await db.schema.dropTable("shipments").execute();
  await db.schema.dropIndex("order_lines_waiting_idx").execute();
  for (const column of ["backorder_due", "shipped", "waiting", "allocated"]) {
    await db.schema.alterTable("order_lines").dropColumn(column).execute();
  }
  await db.schema.alterTable("items").dropColumn("allow_backorder").execute();
}
