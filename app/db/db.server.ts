import fs from "node:fs";
import path from "node:path";

import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Transaction,
} from "kysely";
import pg from "pg";

import { config } from "~/config/env.server";
import { type DatabaseDialect, databaseDialectOf, sqlitePathOf, withoutPassword } from "~/lib/database-url";

import type { Database } from "./schema";
import { withStatementCache } from "./statement-cache";

/**
 * Kysely starts SQLite transactions with a plain (deferred) BEGIN. A deferred transaction that reads
 * and then writes fails with SQLITE_BUSY when another process wrote in between, whatever the busy
 * timeout, so every transaction here takes the write lock up front.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

function immediateSqliteDialect(sqliteConfig: SqliteDialectConfig): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateTransactionSqliteDriver(sqliteConfig),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** DATABASE_URL's engine; the configuration refuses any other scheme, so this throws only for a URL a caller made. */
export function dialectOf(url: string): DatabaseDialect {
  const dialect = databaseDialectOf(url);
  if (!dialect) throw new Error(`not a file: or postgres:// database URL: "${withoutPassword(url)}"`);
  return dialect;
}

export { sqlitePathOf };

// PostgreSQL returns COUNT(*) and other bigints as strings; our counts always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

function createPool(url: string, max: number) {
  // allowExitOnIdle: a process with nothing left to do (a script, a one-off handler, a finished
  // import thread) exits when its queries are done, not ten seconds later when idle connections
  // time out. A server is kept alive by its listening socket, as before.
  const pool = new pg.Pool({ connectionString: url, max, allowExitOnIdle: true });
  // An idle connection the server closes (a restart, a failover) must not crash the process:
  // the pool drops it and the next query opens a new one.
  pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
  return pool;
}

/** Each PostgreSQL database's pool, for what /metrics reports of it. */
const poolOf = new WeakMap<Kysely<Database>, pg.Pool>();

export function createDatabase(url: string = config().databaseUrl) {
  if (dialectOf(url) === "postgres") {
    const pool = createPool(url, config().databasePoolSize);
    const database = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolOf.set(database, pool);
    return database;
  }
  const file = sqlitePathOf(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  refreshPlannerStatistics(sqlite);
  return new Kysely<Database>({ dialect: immediateSqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * SQLite chooses between a table and a covering index by the statistics ANALYZE keeps; without them
 * it reads whole rows where a narrow index would do (a search's counts took twice as long). A
 * database filled in bulk has none, so the first open analyzes it (bounded by analysis_limit: 60 ms
 * at 100,000 parts); later opens let `PRAGMA optimize` redo only tables that grew or shrank a lot,
 * as SQLite advises for long-lived connections.
 */
function refreshPlannerStatistics(sqlite: SQLite.Database) {
  sqlite.pragma("analysis_limit = 1000");
  const analyzed = sqlite.prepare("select 1 from sqlite_schema where name = 'sqlite_stat1'").get();
  if (analyzed) sqlite.pragma("optimize = 0x10002");
  else sqlite.exec("analyze");
}

export type DB = Kysely<Database>;

/** The database or an open transaction: model functions that a larger change calls inside its own. */
export type Executor = DB | Transaction<Database>;

/**
 * How every model function is handed the database: a trailing options object whose `executor` is
 * `db` unless the caller runs the function inside a transaction of its own (docs/decisions/0021).
 */
export type DbOptions = { executor?: Executor };

/** Whether the database is PostgreSQL: SQLite has no row locks (FOR UPDATE), as it writes one transaction at a time. */
export function isPostgres(executor: Executor) {
  return executor.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs `work` in the caller's transaction when `executor` is one, else in a new transaction: a model
 * function that must be atomic stays atomic alone and joins a service's larger change unchanged.
 */
export function inTransaction<T>(executor: Executor, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor as Transaction<Database>) : executor.transaction().execute(work);
}

/**
 * A raw client on the same database for rate-limiter-flexible, which speaks to better-sqlite3 or a
 * pg Pool directly. SQLite gets its own handle so the limiter's writes never interleave with a
 * Kysely transaction that is open on the main one. That handle does not wait for a lock (busy
 * timeout 0): better-sqlite3 waits synchronously, which would stop this process's event loop, and
 * with it the transaction of this very process that holds the lock, until the wait ran out. The
 * limiter's caller waits instead, between tries (`withLockRetry` in app/web/rate-limit.server.ts).
 */
export function createRawClient(url: string = config().databaseUrl) {
  if (dialectOf(url) === "postgres") {
    return { kind: "postgres" as const, pool: createPool(url, 3) };
  }
  const sqlite = new SQLite(sqlitePathOf(url));
  sqlite.pragma("busy_timeout = 0");
  return { kind: "sqlite" as const, sqlite };
}

/** SQLite found the database locked by another writer (SQLITE_BUSY and its extended codes). */
export function isDatabaseBusy(error: unknown) {
  return (error as { code?: string } | null)?.code?.startsWith("SQLITE_BUSY") ?? false;
}

const globalForDb = globalThis as unknown as { storefrontDb?: DB };

/** One pool (or one SQLite handle) per process, kept across dev-server reloads. */
export const db: DB = (globalForDb.storefrontDb ??= createDatabase());

/**
 * The database's connections now: open, in use, and requests waiting for one. SQLite is one handle
 * that a query holds only while it runs, synchronously, so it is never seen in use from outside.
 */
export function databasePoolStats(database: DB = db) {
  const pool = poolOf.get(database);
  if (!pool) return { max: 1, open: 1, inUse: 0, waiting: 0 };
  return {
    max: config().databasePoolSize,
    open: pool.totalCount,
    inUse: pool.totalCount - pool.idleCount,
    waiting: pool.waitingCount,
  };
}

/**
 * Thrown inside a transaction to roll back what it wrote and answer with `result` instead: the
 * caller catches it outside the transaction (a refused checkout, a refused cart change).
 */
export class Rollback<Result> {
  constructor(readonly result: Result) {}
}

export function now() {
  return new Date().toISOString();
}

/** A unique index refused the write: SQLite (better-sqlite3) and PostgreSQL name it differently. */
export function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
