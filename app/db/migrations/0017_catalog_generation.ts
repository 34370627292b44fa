import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * A number that grows whenever anything a catalog search's answer is made of changes: a part's
 * words, part number, category or price, a part added or removed, its specs, a category's name or
 * slug. An app process keeps the answers it worked out (which parts, in which order, and the counts
 * beside every filter) for the generation it read first, and asks afresh once the number moves, so
 * an answer is never older than the data, in this process or any other on the same database.
 *
 * Stock is left out on purpose: it changes with every order, and PostgreSQL would then make every
 * checkout wait for this one row. So answers that depend on stock ("In stock only") are not kept;
 * the cards of a kept answer are always read fresh, stock included.
 *
 * The triggers run per row and only when a watched value really changes, on both databases: a
 * statement that changes nothing (deleting a part that is already gone, saving a form unchanged)
 * leaves the number alone, as a refused request must leave the database. The number moves in the
 * transaction that makes the change, so a reader that sees the new number also sees the change.
 */
const WATCHED: Record<string, string[]> = {
  items: ["name", "description", "part_number", "part_number_key", "category_id", "price_cents"],
  item_specs: ["item_id", "category_id", "name", "value", "unit"],
  categories: ["slug", "name"],
};

const BUMP = "update catalog_generation set generation = generation + 1 where id = 1";

/** True when a row's update changes one of `columns` (both dialects read NULL-safe `is distinct from`). */
function changed(columns: string[], distinct: "is distinct from" | "is not") {
  return columns.map((column) => `old.${column} ${distinct} new.${column}`).join(" or ");
}

export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("catalog_generation")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("generation", "bigint", (col) => col.notNull())
    .execute();
  await db.insertInto("catalog_generation").values({ id: 1, generation: 1 }).execute();

  if (isPostgres) {
    await sql`
      create function catalog_generation_bump() returns trigger language plpgsql as $$
      begin
        ${sql.raw(BUMP)};
        return null;
      end $$`.execute(db);
  }
  for (const [table, columns] of Object.entries(WATCHED)) {
    if (isPostgres) {
      const run = sql.raw("for each row execute function catalog_generation_bump()");
      await sql`create trigger ${sql.id(`catalog_generation_${table}_insert_delete`)}
        after insert or delete on ${sql.table(table)} ${run}`.execute(db);
      await sql`create trigger ${sql.id(`catalog_generation_${table}_update`)}
        after update on ${sql.table(table)} for each row when (${sql.raw(changed(columns, "is distinct from"))})
        execute function catalog_generation_bump()`.execute(db);
      await sql`create trigger ${sql.id(`catalog_generation_${table}_truncate`)}
        after truncate on ${sql.table(table)} for each statement execute function catalog_generation_bump()`.execute(
        db,
      );
    } else {
      for (const event of ["insert", "delete"]) {
        await sql`create trigger ${sql.id(`catalog_generation_${table}_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)} begin ${sql.raw(BUMP)}; end`.execute(db);
      }
      await sql`create trigger ${sql.id(`catalog_generation_${table}_update`)}
        after update on ${sql.table(table)} when ${sql.raw(changed(columns, "is not"))}
        begin ${sql.raw(BUMP)}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(WATCHED)) {
    if (isPostgres) {
      for (const trigger of ["insert_delete", "update", "truncate"]) {
        await sql`drop trigger ${sql.id(`catalog_generation_${table}_${trigger}`)} on ${sql.table(table)}`.execute(db);
      }
    } else {
      for (const trigger of ["insert", "delete", "update"]) {
        await sql`drop trigger ${sql.id(`catalog_generation_${table}_${trigger}`)}`.execute(db);
      }
    }
  }
  if (isPostgres) await sql`drop function catalog_generation_bump()`.execute(db);
  await db.schema.dropTable("catalog_generation").execute();
}
