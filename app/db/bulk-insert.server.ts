import { PostgresAdapter, sql } from "kysely";

import type { Executor } from "./db.server";

/**
 * Inserts many rows as one JSON parameter, which the database reads back into rows (SQLite's
 * json_each, PostgreSQL's json_populate_recordset over the table's own row type). A 400-row INSERT
 * built value by value cost 1.7 ms of query building alone and a new statement for every row count;
 * this one is the same SQL whatever the rows, so SQLite prepares it once (db.server.ts keeps it).
 * For bulk writes such as the catalog import; `table` and `columns` are ours, never a user's.
 */
export async function insertJsonRows<Row extends Record<string, string | number | null>>(
  executor: Executor,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  {
    returning = [],
    addOnConflict,
  }: {
    returning?: readonly string[];
    /** Counters: a row whose `key` columns exist already adds its `column` to the row there. */
    addOnConflict?: { key: readonly string[]; column: string };
  } = {},
): Promise<Record<string, unknown>[]> {
  if (!rows.length) return [];
  const names = sql.join(columns.map((column) => sql.id(column)));
  const upsert = addOnConflict
    ? sql`on conflict (${sql.join(addOnConflict.key.map((column) => sql.id(column)))}) do update set ${sql.id(addOnConflict.column)} = ${sql.id(table, addOnConflict.column)} + excluded.${sql.id(addOnConflict.column)}`
    : sql``;
  const returned = returning.length ? sql`returning ${sql.join(returning.map((column) => sql.id(column)))}` : sql``;
  if (executor.getExecutor().adapter instanceof PostgresAdapter) {
    // Each row an object, read into the table's own row type.
    const json = JSON.stringify(
      rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null]))),
    );
    const { rows: result } = await sql<Record<string, unknown>>`
      insert into ${sql.table(table)} (${names})
      select ${names} from json_populate_recordset(null::${sql.table(table)}, ${json}::json) ${upsert} ${returned}`.execute(
      executor,
    );
    return result;
  }
  // Each row an array, read by position.
  const json = JSON.stringify(rows.map((row) => columns.map((column) => row[column] ?? null)));
  const fields = sql.join(columns.map((_column, index) => sql`value ->> ${sql.lit(`$[${index}]`)}`));
  const { rows: result } = await sql<Record<string, unknown>>`
    insert into ${sql.table(table)} (${names})
    select ${fields} from json_each(${json}) where true ${upsert} ${returned}`.execute(executor);
  return result;
}
