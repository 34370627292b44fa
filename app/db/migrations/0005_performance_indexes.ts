import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The catalog's item count, kept by the database itself (docs/decisions/0005-performance-budgets.md).
 *
 * Every catalog page shows "N parts" and "Page x of y". `select count(*) from items` reads the whole
 * table: at 100,000 items it cost more than rendering the page. Here one row holds the count and
 * triggers keep it exact on every insert and delete, whoever writes (the app, the seed, the API, a
 * psql session), so the catalog's first page costs the same at 100 items and at 100,000.
 *
 * (The list queries themselves were already indexed and bounded: newest-first lists walk the
 * primary key with a LIMIT; orders and reviews by user use their (user_id, id) indexes.)
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("item_count")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("items", "bigint", (col) => col.notNull().check(sql`items >= 0`))
    .execute();
  await sql`insert into item_count (id, items) select 1, count(*) from items`.execute(db);

  if (isPostgres) {
    // Statement-level triggers with transition tables: one UPDATE per statement, not per row.
    await sql`
      create function item_count_after_insert() returns trigger language plpgsql as $$
      begin
        update item_count set items = items + (select count(*) from inserted_items) where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create function item_count_after_delete() returns trigger language plpgsql as $$
      begin
        update item_count set items = items - (select count(*) from deleted_items) where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create function item_count_after_truncate() returns trigger language plpgsql as $$
      begin
        update item_count set items = 0 where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger item_count_insert after insert on items
      referencing new table as inserted_items
      for each statement execute function item_count_after_insert()`.execute(db);
    await sql`
      create trigger item_count_delete after delete on items
      referencing old table as deleted_items
      for each statement execute function item_count_after_delete()`.execute(db);
    await sql`
      create trigger item_count_truncate after truncate on items
      for each statement execute function item_count_after_truncate()`.execute(db);
  } else {
    await sql`
      create trigger item_count_insert after insert on items
      begin
        update item_count set items = items + 1 where id = 1;
      end`.execute(db);
    await sql`
      create trigger item_count_delete after delete on items
      begin
        update item_count set items = items - 1 where id = 1;
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop trigger if exists item_count_insert${isPostgres ? sql` on items` : sql``}`.execute(db);
  await sql`drop trigger if exists item_count_delete${isPostgres ? sql` on items` : sql``}`.execute(db);
  if (isPostgres) {
    await sql`drop trigger if exists item_count_truncate on items`.execute(db);
    await sql`drop function if exists item_count_after_insert()`.execute(db);
    await sql`drop function if exists item_count_after_delete()`.execute(db);
    await sql`drop function if exists item_count_after_truncate()`.execute(db);
  }
  await db.schema.dropTable("item_count").execute();
}
