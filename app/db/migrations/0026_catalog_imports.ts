import { type Kysely, PostgresAdapter, sql } from "kysely";

import { CATALOG_IMPORT_STATUSES } from "~/lib/statuses";

/**
 * Catalog imports (/dashboard/import): each uploaded file, kept in the database in slices (so any
 * app process can check or apply it, and no process holds a whole file in memory), with where its
 * check or apply has got to and what it found. One import runs at a time, in whichever process
 * claims it; a process that dies mid-run leaves a heartbeat that stops moving (app/models/catalog-import).
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const statuses = sql.join(CATALOG_IMPORT_STATUSES.map((status) => sql.lit(status)));
  await db.schema
    .createTable("catalog_imports")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("file_bytes", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in (${statuses})`))
    // Progress: bytes of the file read (a check), rows written (an apply), and the rows it holds.
    .addColumn("bytes_done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_total", "integer", (col) => col.notNull().defaultTo(0))
    // What the check found (JSON): counts, refusals with line, column and reason, changes listed.
    .addColumn("summary", "text")
    // Why the last apply did not happen (refused rows, an interruption); the catalog is as it was.
    .addColumn("error", "text")
    .addColumn("runner", "text")
    .addColumn("heartbeat_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("checked_at", "text")
    .addColumn("applied_at", "text")
    .execute();
  await db.schema.createIndex("catalog_imports_status_idx").on("catalog_imports").columns(["status", "id"]).execute();
  await db.schema
    .createTable("catalog_import_chunks")
    .addColumn("import_id", "integer", (col) => col.notNull().references("catalog_imports.id").onDelete("cascade"))
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("bytes", isPostgres ? "bytea" : "blob", (col) => col.notNull())
    .addPrimaryKeyConstraint("catalog_import_chunks_pk", ["import_id", "seq"])
    .execute();
  // A checked file's rows as the check read them (the part each asks for, as JSON), so an apply
  // compares and writes them without reading the file again.
  await db.schema
    .createTable("catalog_import_rows")
    .addColumn("import_id", "integer", (col) => col.notNull().references("catalog_imports.id").onDelete("cascade"))
    .addColumn("line", "integer", (col) => col.notNull())
    .addColumn("wanted", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("catalog_import_rows_pk", ["import_id", "line"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("catalog_import_rows").execute();
  await db.schema.dropTable("catalog_import_chunks").execute();
  await db.schema.dropTable("catalog_imports").execute();
}
