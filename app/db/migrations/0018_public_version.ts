import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The *public version*: a number that grows whenever something an anonymous page shows has
 * committed (a part and its stock, its specs, price breaks and category, a review). The production
 * server reads it after a successful write and empties its page cache only when it moved
 * (docs/decisions/0019-page-cache-invalidation.md), so a post that changes nothing public (a
 * visitor's cart, a sign-out, a contact message) leaves the cache warm.
 *
 * Every column of these tables is watched but the id (and an item's edit version, which an
 * unchanged save moves): a column added later that anonymous pages show is watched once a
 * migration adds it to this list.
 *
 * Stock is in, so every checkout moves the number. A single counter row would make checkouts on
 * PostgreSQL wait for each other's commit, and one that locked the row in the middle of its work
 * (as a plain trigger does) could deadlock with another order locking the same parts in another
 * order. So on PostgreSQL the number is the sum of 16 shard rows, and a transaction adds one to a
 * single shard (chosen by its transaction id) at commit: the triggers are deferred constraint
 * triggers, which run when the transaction commits, after every lock it takes on parts, and a
 * transaction-local flag makes its later row events skip. SQLite writes one transaction at a time
 * anyway: its triggers add one to shard 0 as each row changes.
 *
 * As with the catalog generation (0017), the triggers run per row and only when a watched value
 * really changes, so a statement that changes nothing leaves the number alone, as a refused request
 * must leave the database; and the number moves in the transaction that makes the change, so a
 * reader that sees the change also sees the number moved.
 */
const WATCHED: Record<string, string[]> = {
  items: [
    "name",
    "img",
    "description",
    "price_cents",
    "quantity",
    "supplier_name",
    "part_number",
    "part_number_key",
    "category_id",
    "lead_time_days",
    "min_order_quantity",
    "created_at",
  ],
  item_specs: ["item_id", "position", "name", "value", "unit", "category_id"],
  categories: ["slug", "name", "description", "item_count"],
  price_breaks: ["item_id", "min_quantity", "price_cents"],
  reviews: ["user_id", "item_id", "name", "rating", "review", "created_at"],
};

const PUBLIC_VERSION_SHARDS = 16;

/** True when a row's update changes one of `columns` (both dialects read NULL-safe `is distinct from`). */
function changed(columns: string[], distinct: "is distinct from" | "is not") {
  return columns.map((column) => `old.${column} ${distinct} new.${column}`).join(" or ");
}

export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("public_version")
    .addColumn("shard", "integer", (col) =>
      col.primaryKey().check(sql`shard >= 0 and shard < ${sql.lit(PUBLIC_VERSION_SHARDS)}`),
    )
    .addColumn("changes", "bigint", (col) => col.notNull())
    .execute();
  await db
    .insertInto("public_version")
    .values(Array.from({ length: PUBLIC_VERSION_SHARDS }, (_, shard) => ({ shard, changes: 0 })))
    .execute();

  if (isPostgres) {
    await sql`
      create function public_version_bump() returns trigger language plpgsql as $$
      begin
        if current_setting('storefront.public_version_bumped', true) is distinct from 'on' then
          perform set_config('storefront.public_version_bumped', 'on', true);
          update public_version set changes = changes + 1
            where shard = txid_current() % ${sql.lit(PUBLIC_VERSION_SHARDS)};
        end if;
        return null;
      end $$`.execute(db);
  }
  const bump = "update public_version set changes = changes + 1 where shard = 0";
  for (const [table, columns] of Object.entries(WATCHED)) {
    if (isPostgres) {
      const run = sql.raw("deferrable initially deferred for each row");
      await sql`create constraint trigger ${sql.id(`public_version_${table}_insert_delete`)}
        after insert or delete on ${sql.table(table)} ${run}
        execute function public_version_bump()`.execute(db);
      await sql`create constraint trigger ${sql.id(`public_version_${table}_update`)}
        after update on ${sql.table(table)} ${run} when (${sql.raw(changed(columns, "is distinct from"))})
        execute function public_version_bump()`.execute(db);
      await sql`create trigger ${sql.id(`public_version_${table}_truncate`)}
        after truncate on ${sql.table(table)} for each statement execute function public_version_bump()`.execute(db);
    } else {
      for (const event of ["insert", "delete"]) {
        await sql`create trigger ${sql.id(`public_version_${table}_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)} begin ${sql.raw(bump)}; end`.execute(db);
      }
      await sql`create trigger ${sql.id(`public_version_${table}_update`)}
        after update on ${sql.table(table)} when ${sql.raw(changed(columns, "is not"))}
        begin ${sql.raw(bump)}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(WATCHED)) {
    if (isPostgres) {
      for (const trigger of ["insert_delete", "update", "truncate"]) {
        await sql`drop trigger ${sql.id(`public_version_${table}_${trigger}`)} on ${sql.table(table)}`.execute(db);
      }
    } else {
      for (const trigger of ["insert", "delete", "update"]) {
        await sql`drop trigger ${sql.id(`public_version_${table}_${trigger}`)}`.execute(db);
      }
    }
  }
  if (isPostgres) await sql`drop function public_version_bump()`.execute(db);
  await db.schema.dropTable("public_version").execute();
}
