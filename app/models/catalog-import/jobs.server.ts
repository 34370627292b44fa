// The catalog imports table (migration 0026): an uploaded file kept in slices, and where its check
// and its apply have got to. Staff's pages create, read, apply and discard imports here; the runner
// (app/services/catalog-import-runner.server.ts) claims them one at a time, whichever process it is in.
import { sql, type Transaction } from "kysely";

import { insertJsonRows } from "~/db/bulk-insert.server";
import { db, type DbOptions, type Executor, isPostgres, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { CatalogImportStatus } from "~/lib/statuses";

import type { ImportSummary } from "./summary";

/** The slices a file is kept in: one short write each, and the most a reader holds at once. */
export const CHUNK_BYTES = 1024 * 1024;

/** A check moves its heartbeat on with every batch; one this old belongs to a process that died. */
export const STALE_CHECK_MS = 30_000;
/**
 * An apply holds the database's write lock (SQLite) or its import's row (PostgreSQL) until it ends,
 * so whoever can take them while it still says "applying" knows it has stopped: only the moment
 * between claiming it and starting its transaction needs this grace.
 */
export const STALE_APPLY_MS = 5_000;

/** Said of an apply that was interrupted (its transaction never committed), when it is offered again. */
export const INTERRUPTED_APPLY =
  "The last attempt to apply this file stopped before it finished (the server restarted), so nothing was written. Apply it again.";

const importColumns = [
  "catalog_imports.id",
  "catalog_imports.user_id",
  "catalog_imports.file_name",
  "catalog_imports.file_bytes",
  "catalog_imports.status",
  "catalog_imports.bytes_done",
  "catalog_imports.rows_done",
  "catalog_imports.rows_total",
  "catalog_imports.summary",
  "catalog_imports.error",
  "catalog_imports.created_at",
  "catalog_imports.checked_at",
  "catalog_imports.applied_at",
] as const;

/**
 * Creates an import of `file`, waiting to be checked: the row and every slice of the file, or
 * nothing. The file is read a slice at a time, so no second copy of it is ever held whole.
 */
export async function createCatalogImport(
  { userId, fileName, file }: { userId: number | null; fileName: string; file: Blob },
  { executor = db }: DbOptions = {},
) {
  const write = async (trx: Executor) => {
    const created = await trx
      .insertInto("catalog_imports")
      .values({ user_id: userId, file_name: fileName, file_bytes: file.size, status: "waiting", created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    let seq = 0;
    for (let start = 0; start < file.size; start += CHUNK_BYTES) {
      const slice = Buffer.from(await file.slice(start, start + CHUNK_BYTES).arrayBuffer());
      await trx
        .insertInto("catalog_import_chunks")
        .values({ import_id: created.id, seq: seq++, bytes: slice })
        .execute();
    }
    return created.id;
  };
  return executor.isTransaction ? write(executor) : executor.transaction().execute(write);
}

export function getCatalogImport(id: number, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("catalog_imports")
    .leftJoin("users", "users.id", "catalog_imports.user_id")
    .select([...importColumns, "users.email as user_email"])
    .where("catalog_imports.id", "=", id)
    .executeTakeFirst();
}

export type CatalogImport = NonNullable<Awaited<ReturnType<typeof getCatalogImport>>>;

/** The latest imports, newest first, for the import page's list. */
export function listCatalogImports(limit = 10) {
  return db
    .selectFrom("catalog_imports")
    .leftJoin("users", "users.id", "catalog_imports.user_id")
    .select([...importColumns, "users.email as user_email"])
    .orderBy("catalog_imports.id", "desc")
    .limit(limit)
    .execute();
}

/** How many imports are ahead of this one in the queue (waiting or running, and older). */
export async function importsAhead(id: number) {
  const row = await db
    .selectFrom("catalog_imports")
    .select((eb) => eb.fn.countAll<number>().as("ahead"))
    .where("id", "<", id)
    .where("status", "in", ["waiting", "checking", "apply-waiting", "applying"])
    .executeTakeFirstOrThrow();
  return Number(row.ahead);
}

/** The file's bytes, a slice at a time, in order. */
export async function* catalogImportFile(id: number, { executor = db }: DbOptions = {}) {
  for (let seq = 0; ; seq++) {
    const chunk = await executor
      .selectFrom("catalog_import_chunks")
      .select("bytes")
      .where("import_id", "=", id)
      .where("seq", "=", seq)
      .executeTakeFirst();
    if (!chunk) return;
    yield chunk.bytes;
  }
}

export type RequestApplyResult =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-ready"; status: CatalogImportStatus };

/** Queues a checked import to be applied; only a checked one with no refusal can be. */
export async function requestApply(id: number): Promise<RequestApplyResult> {
  const updated = await db
    .updateTable("catalog_imports")
    .set({ status: "apply-waiting", error: null })
    .where("id", "=", id)
    .where("status", "=", "checked")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows)) return { ok: true };
  const current = await db.selectFrom("catalog_imports").select("status").where("id", "=", id).executeTakeFirst();
  return current ? { ok: false, reason: "not-ready", status: current.status } : { ok: false, reason: "not-found" };
}

/**
 * Staff check a failed import's file again (an apply refused because the catalog changed since its
 * check): it waits for a fresh check of the same stored file, its old rows and summary gone.
 */
export async function requestRecheck(id: number) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("catalog_imports")
      .set({ status: "waiting", summary: null, error: null, rows_done: 0, bytes_done: 0, checked_at: null })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) return false;
    await trx.deleteFrom("catalog_import_rows").where("import_id", "=", id).execute();
    return true;
  });
}

/** Staff drop an import that is not running or applied; its file goes with it. */
export async function discardCatalogImport(id: number) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("catalog_imports")
      .set({ status: "discarded" })
      .where("id", "=", id)
      .where("status", "in", ["waiting", "checked", "refused", "failed"])
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) return false;
    await forgetFile(trx, id);
    return true;
  });
}

// The runner's side.

export type ClaimedImport = { id: number; job: "check" | "apply"; userId: number | null };

/**
 * The next import to run, claimed for `runner`, or null while another one runs or none waits. Claims
 * are made one at a time (SQLite's write lock, an advisory lock on PostgreSQL), after imports whose
 * process died are put back: a check to be checked again, an apply to be applied again by staff.
 */
export function claimNextImport(runner: string): Promise<ClaimedImport | null> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(7261001)`.execute(trx);
    await recoverStoppedImports(trx);
    const running = await trx
      .selectFrom("catalog_imports")
      .select("id")
      .where("status", "in", ["checking", "applying"])
      .executeTakeFirst();
    if (running) return null;
    const next = await trx
      .selectFrom("catalog_imports")
      .select(["id", "status", "user_id"])
      .where("status", "in", ["waiting", "apply-waiting"])
      .orderBy("id")
      .executeTakeFirst();
    if (!next) return null;
    const job = next.status === "waiting" ? "check" : "apply";
    // A check started again (its process died) stages its rows afresh.
    if (job === "check") await trx.deleteFrom("catalog_import_rows").where("import_id", "=", next.id).execute();
    await trx
      .updateTable("catalog_imports")
      .set({
        status: job === "check" ? "checking" : "applying",
        runner,
        heartbeat_at: now(),
        bytes_done: 0,
        rows_done: 0,
      })
      .where("id", "=", next.id)
      .execute();
    return { id: next.id, job, userId: next.user_id };
  });
}

/**
 * Imports marked running whose runner is gone. A running apply holds SQLite's write lock, which this
 * transaction holds now, or its row on PostgreSQL, which `skip locked` passes over.
 */
async function recoverStoppedImports(trx: Transaction<Database>) {
  let query = trx
    .selectFrom("catalog_imports")
    .select(["id", "status", "heartbeat_at"])
    .where("status", "in", ["checking", "applying"]);
  if (isPostgres(trx)) query = query.forUpdate().skipLocked();
  const at = Date.now();
  for (const stopped of await query.execute()) {
    const age = at - Date.parse(stopped.heartbeat_at ?? "1970-01-01T00:00:00Z");
    if (stopped.status === "checking" && age > STALE_CHECK_MS) {
      await trx
        .updateTable("catalog_imports")
        .set({ status: "waiting", runner: null })
        .where("id", "=", stopped.id)
        .execute();
    }
    if (stopped.status === "applying" && age > STALE_APPLY_MS) {
      await trx
        .updateTable("catalog_imports")
        .set({ status: "checked", runner: null, error: INTERRUPTED_APPLY, rows_done: 0 })
        .where("id", "=", stopped.id)
        .execute();
    }
  }
}

/** The file and the rows read from it, once an import is applied or dropped. */
async function forgetFile(trx: Executor, id: number) {
  await trx.deleteFrom("catalog_import_chunks").where("import_id", "=", id).execute();
  await trx.deleteFrom("catalog_import_rows").where("import_id", "=", id).execute();
}

export type StagedRow = { line: number; wanted: string };

/**
 * A check's batch: its rows kept for the apply (none once a row is refused), and its progress, which
 * is its heartbeat too. False, and nothing kept, when the import is no longer this runner's.
 */
export async function recordCheckedBatch(
  id: number,
  runner: string,
  { bytesDone, rowsDone, rows }: { bytesDone: number; rowsDone: number; rows: StagedRow[] },
) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("catalog_imports")
      .set({ bytes_done: bytesDone, rows_done: rowsDone, heartbeat_at: now() })
      .where("id", "=", id)
      .where("runner", "=", runner)
      .where("status", "=", "checking")
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) return false;
    await insertJsonRows(
      trx,
      "catalog_import_rows",
      ["import_id", "line", "wanted"],
      rows.map((row) => ({ import_id: id, line: row.line, wanted: row.wanted })),
    );
    return true;
  });
}

/** A checked import's rows, in file order, a batch at a time. */
export async function* stagedRows(id: number, batch: number, { executor = db }: DbOptions = {}) {
  let after = 0;
  for (;;) {
    const rows = await executor
      .selectFrom("catalog_import_rows")
      .select(["line", "wanted"])
      .where("import_id", "=", id)
      .where("line", ">", after)
      .orderBy("line")
      .limit(batch)
      .execute();
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].line;
  }
}

/** What a check found: ready to apply, or refused (a row or the whole file), with nothing kept to apply. */
export async function finishCheck(id: number, runner: string, summary: ImportSummary) {
  const refused = summary.refusedRows > 0 || summary.refusals.length > 0;
  if (refused) await db.deleteFrom("catalog_import_rows").where("import_id", "=", id).execute();
  await db
    .updateTable("catalog_imports")
    .set({
      status: refused ? "refused" : "checked",
      summary: JSON.stringify(summary),
      rows_total: summary.rows,
      rows_done: summary.rows,
      bytes_done: sql`file_bytes`,
      checked_at: now(),
      runner: null,
    })
    .where("id", "=", id)
    .where("runner", "=", runner)
    .execute();
}

/**
 * The first write of an apply's transaction: it takes the import's row (on PostgreSQL, the lock
 * that says the apply is alive) and checks it is still this runner's.
 */
export async function startApply(trx: Transaction<Database>, id: number, runner: string) {
  const updated = await trx
    .updateTable("catalog_imports")
    .set({ heartbeat_at: now() })
    .where("id", "=", id)
    .where("runner", "=", runner)
    .where("status", "=", "applying")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The last write of an apply's transaction: applied, with what it did; the file is no longer needed. */
export async function finishApply(trx: Transaction<Database>, id: number, summary: ImportSummary) {
  await trx
    .updateTable("catalog_imports")
    .set({
      status: "applied",
      summary: JSON.stringify(summary),
      rows_total: summary.rows,
      rows_done: summary.rows,
      applied_at: now(),
      runner: null,
      error: null,
    })
    .where("id", "=", id)
    .execute();
  await forgetFile(trx, id);
}

/** An apply that wrote nothing because the catalog refused a row when it came to it. */
export async function failApply(id: number, runner: string, summary: ImportSummary, error: string) {
  await db
    .updateTable("catalog_imports")
    .set({ status: "failed", summary: JSON.stringify(summary), error, runner: null, rows_done: 0 })
    .where("id", "=", id)
    .where("runner", "=", runner)
    .execute();
}

/** A job that failed for a reason of ours (a bug, the database gone): back where it was, with why. */
export async function releaseAfterError(id: number, runner: string, job: "check" | "apply", error: string) {
  await db
    .updateTable("catalog_imports")
    .set({ status: job === "check" ? "failed" : "checked", error, runner: null, rows_done: 0 })
    .where("id", "=", id)
    .where("runner", "=", runner)
    .execute();
}
