// The phases around an apply's writes: the spec rows' triggers off and back on, the indexes built
// after a large file's creates, rows inserted in slices, and the catalog's versions moved once at the end.
import { PostgresAdapter, sql, type Transaction } from "kysely";

import { insertJsonRows } from "~/db/bulk-insert.server";
import type { Database } from "~/db/schema";

export type Trx = Transaction<Database>;

export const isPostgres = (trx: Trx) => trx.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite's document triggers on parts: the apply writes documents itself, once a part's specs are in. */
const SQLITE_ITEM_DOCUMENT_TRIGGERS = [
  "items_search_document_insert",
  "items_search_document_update",
  "items_name_search_insert",
  "items_name_search_update",
];

/**
 * SQLite's page cache while an apply writes (32 MB, from 8): the index pages it keeps writing stay
 * in memory instead of being read back from the write-ahead log (apply of 100,000 parts: 42 s with
 * 8 MB, 36 s with 64, 31 s with 128, before a large apply built its indexes after the writes).
 * Since then, only the three indexes the apply reads by are written row by row, and 32 MB applies
 * 100,000 parts as fast as 64 did (25–27 s against 27.5) with 35–45 MB less memory at the peak.
 */
const BULK_WRITE_CACHE_KIB = 32 * 1024;

/**
 * Runs `work` with the spec rows' triggers off, in the caller's transaction, and turns them on again
 * before it returns (a rollback would too). SQLite: the triggers are dropped and made again from
 * their own SQL, which the transaction holds the only write lock for; readers keep their snapshot.
 * PostgreSQL: ALTER TABLE … DISABLE TRIGGER, whose lock stops other writes to spec rows (staff
 * editing a part wait for the import) but no reads.
 */
export async function withSpecTriggersOff<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  if (isPostgres(trx)) {
    await sql`alter table item_specs disable trigger user`.execute(trx);
    const result = await work();
    await sql`alter table item_specs enable trigger user`.execute(trx);
    return result;
  }
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_schema
    where type = 'trigger' and (tbl_name = 'item_specs' or name in (${sql.join(SQLITE_ITEM_DOCUMENT_TRIGGERS)}))
    order by name`.execute(trx);
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
  const { rows: cache } = await sql<{ cache_size: number }>`pragma cache_size`.execute(trx);
  await sql.raw(`pragma cache_size = -${BULK_WRITE_CACHE_KIB}`).execute(trx);
  try {
    const result = await work();
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
    return result;
  } finally {
    await sql.raw(`pragma cache_size = ${Number(cache[0].cache_size)}`).execute(trx);
  }
}

/** The indexes an apply's own reads use while it writes: parts by part number, spec rows by part. */
const INDEXES_KEPT_WHILE_WRITING = new Set([
  "items_part_number_unique",
  "items_part_number_key_idx",
  "item_specs_item_idx",
]);

/**
 * The parts an apply creates, at least (and at least as many as the catalog holds), for it to build
 * the parts' and spec rows' other indexes once at its end rather than row by row: 100,000 new parts
 * and their 600,000 spec rows went in 6 s faster, the indexes built in 2 s. Fewer new parts into a
 * larger catalog are cheaper kept in step.
 */
export const BUILD_INDEXES_AFTER_CREATES = 10_000;

/**
 * Runs `work` with the parts' and spec rows' secondary indexes dropped, and makes them again from
 * their own SQL before it returns, in the caller's transaction (SQLite's DDL is transactional, and
 * the transaction holds the only write lock; readers keep their snapshot, indexes and all). A new
 * index is handled as these are. PostgreSQL's indexes are left alone.
 */
export async function withIndexesBuiltAfter<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  if (isPostgres(trx)) return work();
  const { rows: indexes } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_schema
    where type = 'index' and tbl_name in ('items', 'item_specs') and sql is not null
    order by name`.execute(trx);
  const dropped = indexes.filter((index) => !INDEXES_KEPT_WHILE_WRITING.has(index.name));
  for (const index of dropped) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  const result = await work();
  for (const index of dropped) await sql.raw(index.sql).execute(trx);
  return result;
}

/** Rows per INSERT: one JSON parameter each (insertJsonRows). */
export const INSERT_ROWS = 500;

export async function insertInSlices<Row extends Record<string, string | number | null>>(
  trx: Trx,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: Row[],
  addOnConflict?: { key: readonly string[]; column: string },
) {
  for (let start = 0; start < rows.length; start += INSERT_ROWS) {
    await insertJsonRows(trx, table, columns, rows.slice(start, start + INSERT_ROWS), { addOnConflict });
  }
}

/**
 * The moves the spec rows' triggers would have made to the catalog generation (kept search answers
 * follow it) and the public version (the page cache follows it), made once for the whole apply.
 */
export async function bumpCatalogVersions(trx: Trx) {
  await sql`update catalog_generation set generation = generation + 1 where id = 1`.execute(trx);
  const shard = isPostgres(trx) ? sql`txid_current() % 16` : sql`0`;
  await sql`update public_version set changes = changes + 1 where shard = ${shard}`.execute(trx);
}
