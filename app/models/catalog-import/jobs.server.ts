// The catalog imports table (migration 0026): an uploaded file kept in slices, and where its check
// and its apply have got to. Staff's pages create, read, apply and discard imports here; the runner's
// side (claiming, recording a check, finishing an apply) is runner-jobs.server.ts.

import { db, type DbOptions, type Executor, now } from "~/db/db.server";
import type { CatalogImportStatus } from "~/lib/statuses";

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

/** The file and the rows read from it, once an import is applied or dropped. */
export async function forgetFile(trx: Executor, id: number) {
  await trx.deleteFrom("catalog_import_chunks").where("import_id", "=", id).execute();
  await trx.deleteFrom("catalog_import_rows").where("import_id", "=", id).execute();
}
