import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * How many parts each category holds, kept exact by triggers as item_count is for the whole catalog
 * (migration 0005): the catalog shows it beside every category link, and counting a category of
 * 10,000 parts on every page view cost more than the rest of the page.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("categories")
    .addColumn("item_count", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update categories set item_count = (select count(*) from items where items.category_id = categories.id)`.execute(
    db,
  );

  if (isPostgres) {
    await sql`
      create function category_item_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.category_id is not null then
          update categories set item_count = item_count - 1 where id = old.category_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.category_id is not null then
          update categories set item_count = item_count + 1 where id = new.category_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger category_item_count_insert_delete after insert or delete on items
      for each row execute function category_item_count()`.execute(db);
    await sql`
      create trigger category_item_count_update after update of category_id on items
      for each row when (old.category_id is distinct from new.category_id)
      execute function category_item_count()`.execute(db);
  } else {
    await sql`
      create trigger category_item_count_insert after insert on items when new.category_id is not null begin
        update categories set item_count = item_count + 1 where id = new.category_id;
      end`.execute(db);
    await sql`
      create trigger category_item_count_delete after delete on items when old.category_id is not null begin
        update categories set item_count = item_count - 1 where id = old.category_id;
      end`.execute(db);
    await sql`
      create trigger category_item_count_update after update of category_id on items
      when old.category_id is not new.category_id begin
        update categories set item_count = item_count - 1 where id = old.category_id;
        update categories set item_count = item_count + 1 where id = new.category_id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger category_item_count_insert_delete on items`.execute(db);
    await sql`drop trigger category_item_count_update on items`.execute(db);
    await sql`drop function category_item_count()`.execute(db);
  } else {
    for (const trigger of ["category_item_count_insert", "category_item_count_delete", "category_item_count_update"]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
  }
  await db.schema.alterTable("categories").dropColumn("item_count").execute();
}
