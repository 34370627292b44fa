import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * How many parts of a category carry each spec value (Bore 8 mm: 3), kept exact by triggers, so a
 * category's filter counts are read from a small table instead of grouping every spec row of every
 * part in it. Each spec row carries its part's category (copied by triggers when the spec is written
 * and when the part moves), so a spec deleted with its part still knows which count to lower.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("item_specs").addColumn("category_id", "integer").execute();
  await sql`update item_specs set category_id = (select category_id from items where items.id = item_specs.item_id)`.execute(
    db,
  );
  await db.schema
    .createTable("spec_counts")
    .addColumn("category_id", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    // '' for none, so that the primary key can compare it.
    .addColumn("unit", "text", (col) => col.notNull())
    .addColumn("items", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("spec_counts_pk", ["category_id", "name", "value", "unit"])
    .execute();
  await sql`
    insert into spec_counts (category_id, name, value, unit, items)
    select category_id, name, value, coalesce(unit, ''), count(*) from item_specs
    where category_id is not null group by category_id, name, value, coalesce(unit, '')`.execute(db);

  const add = (ref: "new" | "NEW") =>
    sql.raw(`
    insert into spec_counts (category_id, name, value, unit, items)
    values (${ref}.category_id, ${ref}.name, ${ref}.value, coalesce(${ref}.unit, ''), 1)
    on conflict (category_id, name, value, unit) do update set items = spec_counts.items + 1`);
  const remove = (ref: "old" | "OLD") =>
    sql.raw(`
    update spec_counts set items = items - 1
    where category_id = ${ref}.category_id and name = ${ref}.name and value = ${ref}.value
      and unit = coalesce(${ref}.unit, '')`);

  if (isPostgres) {
    await sql`
      create function item_specs_category() returns trigger language plpgsql as $$
      begin
        new.category_id := (select category_id from items where id = new.item_id);
        return new;
      end $$`.execute(db);
    await sql`
      create trigger item_specs_category before insert on item_specs
      for each row execute function item_specs_category()`.execute(db);
    await sql`
      create function spec_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.category_id is not null then ${remove("OLD")}; end if;
        if tg_op in ('INSERT', 'UPDATE') and new.category_id is not null then ${add("NEW")}; end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger spec_counts_follow after insert or delete or update on item_specs
      for each row execute function spec_counts_follow()`.execute(db);
    await sql`
      create function item_specs_follow_category() returns trigger language plpgsql as $$
      begin
        update item_specs set category_id = new.category_id where item_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger item_specs_follow_category after update of category_id on items
      for each row when (old.category_id is distinct from new.category_id)
      execute function item_specs_follow_category()`.execute(db);
  } else {
    // SQLite cannot change NEW before an insert: the copy is made just after, as an update.
    await sql`
      create trigger item_specs_category after insert on item_specs begin
        update item_specs set category_id = (select category_id from items where id = new.item_id)
        where id = new.id;
      end`.execute(db);
    const changed = sql.raw("update of category_id, name, value, unit on item_specs");
    await sql`
      create trigger spec_counts_update_remove after ${changed} when old.category_id is not null begin
        ${remove("old")};
      end`.execute(db);
    await sql`
      create trigger spec_counts_update_add after ${changed} when new.category_id is not null begin
        ${add("new")};
      end`.execute(db);
    await sql`
      create trigger spec_counts_delete after delete on item_specs when old.category_id is not null begin
        ${remove("old")};
      end`.execute(db);
    await sql`
      create trigger item_specs_follow_category after update of category_id on items
      when old.category_id is not new.category_id begin
        update item_specs set category_id = new.category_id where item_id = new.id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger item_specs_follow_category on items`.execute(db);
    await sql`drop trigger spec_counts_follow on item_specs`.execute(db);
    await sql`drop trigger item_specs_category on item_specs`.execute(db);
    for (const fn of ["item_specs_follow_category", "spec_counts_follow", "item_specs_category"]) {
      await sql`drop function ${sql.id(fn)}()`.execute(db);
    }
  } else {
    const triggers = [
      "item_specs_follow_category",
      "spec_counts_delete",
      "spec_counts_update_remove",
      "spec_counts_update_add",
      "item_specs_category",
    ];
    for (const trigger of triggers) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable("spec_counts").execute();
  await db.schema.alterTable("item_specs").dropColumn("category_id").execute();
}
