import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * A number that grows whenever anything a catalog search's answer is made of changes: a part's
 * words, part number, category or price, a part added or removed, its specs, a category's name or
 * slug. An app process keeps the answers it worked out (which parts, in which order, and the counts
 * beside every filter) for the generation it read first, and drops them once the number moves, so
 * an answer is never older than the data, in this process or any other on the same database.
 *
 * Stock is left out on purpose: it changes with every order, and PostgreSQL would then make every
 * checkout wait for this one row. So answers that depend on stock ("In stock only") are not kept;
 * the cards of a kept answer are always read fresh, stock included.
 *
 * On PostgreSQL the triggers run once per statement; on SQLite, which has only row triggers, once
 * per row. The number is bumped in the transaction that makes the change, so a reader that sees the
 * new number also sees the change.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("catalog_generation")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("generation", "bigint", (col) => col.notNull())
    .execute();
  await db.insertInto("catalog_generation").values({ id: 1, generation: 1 }).execute();

  const bump = sql.raw("update catalog_generation set generation = generation + 1 where id = 1");
  const itemColumns = "name, description, part_number, part_number_key, category_id, price_cents";
  if (isPostgres) {
    await sql`
      create function catalog_generation_bump() returns trigger language plpgsql as $$
      begin
        ${bump};
        return null;
      end $$`.execute(db);
    for (const [table, events] of [
      ["items", `insert or delete or truncate or update of ${itemColumns}`],
      ["item_specs", "insert or delete or truncate or update"],
      ["categories", "insert or delete or truncate or update of slug, name"],
    ]) {
      await sql`
        create trigger ${sql.id(`catalog_generation_${table}`)} after ${sql.raw(events)} on ${sql.table(table)}
        for each statement execute function catalog_generation_bump()`.execute(db);
    }
  } else {
    for (const [table, events] of sqliteTriggers(itemColumns)) {
      await sql`
        create trigger ${sql.id(`catalog_generation_${table}_${events.split(" ")[0]}`)}
        after ${sql.raw(events)} on ${sql.table(table)} begin ${bump}; end`.execute(db);
    }
  }
}

function sqliteTriggers(itemColumns: string) {
  return [
    ["items", "insert"],
    ["items", "delete"],
    ["items", `update of ${itemColumns}`],
    ["item_specs", "insert"],
    ["item_specs", "delete"],
    ["item_specs", "update"],
    ["categories", "insert"],
    ["categories", "delete"],
    ["categories", "update of slug, name"],
  ] as const;
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    for (const table of ["items", "item_specs", "categories"]) {
      await sql`drop trigger ${sql.id(`catalog_generation_${table}`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function catalog_generation_bump()`.execute(db);
  } else {
    for (const [table, events] of sqliteTriggers("")) {
      await sql`drop trigger ${sql.id(`catalog_generation_${table}_${events.split(" ")[0]}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("catalog_generation").execute();
}
