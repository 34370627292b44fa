// The runner's side of the catalog imports table: the runner (app/services/catalog-import-runner.server.ts)
// claims imports one at a time, whichever process it is in, records what a check found, and starts,
// finishes, fails or releases a job; an import left by a process that died is taken up again.
import { sql, type Transaction } from "kysely";

import { insertJsonRows } from "~/db/bulk-insert.server";
import { db, type DbOptions, isPostgres, now } from "~/db/db.server";
import type { Database } from "~/db/schema";

import { forgetFile, INTERRUPTED_APPLY, STALE_APPLY_MS, STALE_CHECK_MS } from "./jobs.server";
import type { ImportSummary } from "./summary";

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
