import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * How many parts of a category carry each pair of spec values (Bore 8 with Teeth 20: 41), kept exact
 * by triggers, so choosing one spec in a category reads the counts beside every other spec from this
 * table instead of grouping the spec rows of every part the choice leaves (3,573 gears with Bore 8:
 * about 21,000 rows, 12 ms). Both orders of a pair are kept, so a lookup by the chosen spec is one
 * index range. The chosen value's unit is not part of the key because a filter matches a value in
 * any unit. A part names each spec once (the product form refuses a name twice), so the counts of
 * several chosen values of one spec add up.
 *
 * The triggers run once per spec row as it changes and pair it with the part's other rows as they
 * are at that moment, on SQLite after each row (as the spec counts of migration 0011) and on
 * PostgreSQL before it: PostgreSQL's row triggers that run after see the whole statement done, so
 * moving a part's five specs to another category in one statement would find none left to unpair.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("spec_pair_counts")
    .addColumn("category_id", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("other_name", "text", (col) => col.notNull())
    .addColumn("other_value", "text", (col) => col.notNull())
    // '' for none, so that the primary key can compare it.
    .addColumn("other_unit", "text", (col) => col.notNull())
    .addColumn("items", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("spec_pair_counts_pk", [
      "category_id",
      "name",
      "value",
      "other_name",
      "other_value",
      "other_unit",
    ])
    .execute();
  await sql`
    insert into spec_pair_counts (category_id, name, value, other_name, other_value, other_unit, items)
    select chosen.category_id, chosen.name, chosen.value, other.name, other.value, coalesce(other.unit, ''), count(*)
    from item_specs chosen
    join item_specs other
      on other.item_id = chosen.item_id and other.category_id = chosen.category_id and other.name <> chosen.name
    where chosen.category_id is not null
    group by chosen.category_id, chosen.name, chosen.value, other.name, other.value, coalesce(other.unit, '')`.execute(
    db,
  );

  // `change` is +1 or -1; `row` the spec row that changes ("new" or "old"), paired with the part's
  // other rows of the same category, in both orders.
  const follow = (row: string, change: 1 | -1) =>
    sql.raw(`
    insert into spec_pair_counts (category_id, name, value, other_name, other_value, other_unit, items)
    select ${row}.category_id, ${row}.name, ${row}.value, other.name, other.value, coalesce(other.unit, ''), ${change}
    from item_specs other
    where other.item_id = ${row}.item_id and other.id <> ${row}.id
      and other.category_id = ${row}.category_id and other.name <> ${row}.name
    union all
    select ${row}.category_id, other.name, other.value, ${row}.name, ${row}.value, coalesce(${row}.unit, ''), ${change}
    from item_specs other
    where other.item_id = ${row}.item_id and other.id <> ${row}.id
      and other.category_id = ${row}.category_id and other.name <> ${row}.name
    on conflict (category_id, name, value, other_name, other_value, other_unit)
    do update set items = spec_pair_counts.items + excluded.items`);

  if (isPostgres) {
    // Named to run after item_specs_category (PostgreSQL runs a table's triggers by name), which
    // sets a new row's category before it is written.
    await sql`
      create function spec_pair_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.category_id is not null then ${follow("OLD", -1)}; end if;
        if tg_op in ('INSERT', 'UPDATE') and new.category_id is not null then ${follow("NEW", 1)}; end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger spec_pair_counts_follow before insert or delete or update on item_specs
      for each row execute function spec_pair_counts_follow()`.execute(db);
  } else {
    const changed = sql.raw("update of category_id, name, value, unit on item_specs");
    await sql`
      create trigger spec_pair_counts_update_remove after ${changed} when old.category_id is not null begin
        ${follow("old", -1)};
      end`.execute(db);
    await sql`
      create trigger spec_pair_counts_update_add after ${changed} when new.category_id is not null begin
        ${follow("new", 1)};
      end`.execute(db);
    await sql`
      create trigger spec_pair_counts_delete after delete on item_specs when old.category_id is not null begin
        ${follow("old", -1)};
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger spec_pair_counts_follow on item_specs`.execute(db);
    await sql`drop function spec_pair_counts_follow()`.execute(db);
  } else {
    for (const trigger of [
      "spec_pair_counts_delete",
      "spec_pair_counts_update_add",
      "spec_pair_counts_update_remove",
    ]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable("spec_pair_counts").execute();
}
