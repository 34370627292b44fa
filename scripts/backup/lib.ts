// Backups and restores of the shop's database (issue 28, docs/operations.md). Files live in the
// database (decision 27), so a copy of it is a copy of the whole shop.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import pg from "pg";

import { MIGRATION_NAMES } from "../../app/db/migrate.server";
import { databaseDialectOf, sqlitePathOf } from "../../app/lib/database-url";

// Not app/db/db.server.ts: importing it opens DATABASE_URL's database at once, which a restore is
// about to write over.

function isPostgresUrl(url: string) {
  const dialect = databaseDialectOf(url);
  if (!dialect) throw new Error("DATABASE_URL is neither a file: nor a postgres:// URL");
  return dialect === "postgres";
}

/** A short-lived connection to the database at `url` (the checks, the tests), closed by the caller. */
export function openDatabase<Schema = unknown>(url: string) {
  if (isPostgresUrl(url)) {
    return new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
  }
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(sqlitePathOf(url)) }) });
}

/** The newest PostgreSQL client tool on this machine: PATH's, or Debian's versioned folders. */
function postgresTool(name: "pg_dump" | "pg_restore") {
  const versions = fs.existsSync("/usr/lib/postgresql")
    ? fs
        .readdirSync("/usr/lib/postgresql")
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const tool = path.join("/usr/lib/postgresql", version, "bin", name);
    if (fs.existsSync(tool)) return tool;
  }
  return name;
}

function run(tool: string, args: string[]) {
  const result = spawnSync(tool, args, { encoding: "utf8" });
  if (result.error) throw new Error(`${path.basename(tool)} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${path.basename(tool)} failed: ${result.stderr.trim()}`);
}

function stamp(date = new Date()) {
  return date.toISOString().replace(/[:.]/g, "-");
}

/**
 * Writes a consistent copy of the database at `url` into `dir` while the shop keeps serving and
 * taking orders: SQLite through its online backup API (a snapshot of one moment, pages copied in
 * steps that let writers in between), PostgreSQL through `pg_dump` in its custom format (one
 * snapshot transaction). The copy is written under a temporary name and renamed when whole, so a
 * file with the final name is always complete. Returns its path.
 */
export async function backupDatabase(url: string, dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const postgres = isPostgresUrl(url);
  const file = path.join(dir, `storefront-${stamp()}.${postgres ? "dump" : "db"}`);
  const partial = `${file}.partial`;
  if (postgres) {
    run(postgresTool("pg_dump"), ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, url]);
  } else {
    const source = new Database(sqlitePathOf(url), { readonly: true, fileMustExist: true });
    try {
      await source.backup(partial);
    } finally {
      source.close();
    }
  }
  fs.renameSync(partial, file);
  return file;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** BACKUP_EVERY's interval in milliseconds (`90s`, `30m`, `6h`, `1d`); null when it is not one. */
export function intervalOf(text: string) {
  const match = /^(\d{1,6})\s*([smhd])$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** Keeps the newest `keep` backups in `dir` (by name, which is their time) and removes the rest. */
export function pruneBackups(dir: string, keep: number) {
  const backups = fs
    .readdirSync(dir)
    .filter((name) => /^storefront-.*\.(db|dump)$/.test(name))
    .sort()
    .reverse();
  for (const name of backups.slice(keep)) fs.rmSync(path.join(dir, name));
  return backups.slice(0, keep).map((name) => path.join(dir, name));
}

async function tableCount(url: string) {
  if (!isPostgresUrl(url)) {
    const file = sqlitePathOf(url);
    if (!fs.existsSync(file)) return 0;
    const sqlite = new Database(file, { readonly: true });
    try {
      return (
        sqlite
          .prepare("select count(*) as count from sqlite_schema where type = 'table' and name not like 'sqlite_%'")
          .get() as { count: number }
      ).count;
    } finally {
      sqlite.close();
    }
  }
  const database = openDatabase(url);
  try {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from information_schema.tables where table_schema = 'public'`.execute(database);
    return rows[0].count;
  } finally {
    await database.destroy();
  }
}

export class RestoreRefused extends Error {}

/**
 * Brings the copy in `file` back into the database at `url`, which must be empty (no tables)
 * unless `force`, then checks it (verifyDatabase). SQLite: the copy is written over the target file
 * through the backup API; no server may be running on it. PostgreSQL: `pg_restore`, with `--clean`
 * when forced over an existing database.
 */
export async function restoreDatabase(file: string, url: string, { force = false } = {}) {
  if (!fs.existsSync(file)) throw new RestoreRefused(`There is no backup at ${file}.`);
  const postgres = isPostgresUrl(url);
  if (postgres !== file.endsWith(".dump")) {
    throw new RestoreRefused(
      `${path.basename(file)} is a ${file.endsWith(".dump") ? "PostgreSQL" : "SQLite"} backup and the target is not.`,
    );
  }
  if (!force && (await tableCount(url)) > 0) {
    throw new RestoreRefused(
      "The target database is not empty: restore into an empty one, or pass --force to replace it.",
    );
  }
  if (postgres) {
    run(postgresTool("pg_restore"), [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      ...(force ? ["--clean", "--if-exists"] : []),
      `--dbname=${url}`,
      file,
    ]);
  } else {
    const target = sqlitePathOf(url);
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    for (const leftover of [`${target}-wal`, `${target}-shm`]) fs.rmSync(leftover, { force: true });
    const source = new Database(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(target);
    } finally {
      source.close();
    }
  }
  return verifyDatabase(url);
}

/** What a restored (or any) database holds, and what in it does not add up. */
export async function verifyDatabase(url: string) {
  const database = openDatabase(url);
  const problems: string[] = [];
  try {
    const applied = new Set(
      (await sql<{ name: string }>`select name from kysely_migration`.execute(database)).rows.map((row) => row.name),
    );
    const missing = MIGRATION_NAMES.filter((name) => !applied.has(name));
    const unknown = [...applied].filter((name) => !MIGRATION_NAMES.includes(name));
    if (missing.length) problems.push(`migrations not applied: ${missing.join(", ")}`);
    if (unknown.length) problems.push(`migrations this code does not know: ${unknown.join(", ")}`);

    const counted = ["users", "items", "orders", "order_lines", "quotes", "media", "outbox"] as const;
    const counts: Record<string, number> = {};
    for (const table of counted) {
      const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(
        database,
      );
      counts[table] = Number(rows[0].count);
    }

    // Every unit a part holds or an order took (shipped ones included) came in through the ledger.
    const { rows: unbalanced } = await sql<{ id: number; held: number; came: number }>`
      select items.id, items.quantity + coalesce(taken.units, 0) as held, coalesce(moved.units, 0) as came
      from items
      left join (select item_id, sum(allocated) as units from order_lines group by item_id) taken
        on taken.item_id = items.id
      left join (select item_id, sum(change) as units from stock_movements group by item_id) moved
        on moved.item_id = items.id
      where items.quantity + coalesce(taken.units, 0) <> coalesce(moved.units, 0)
      limit 10`.execute(database);
    for (const part of unbalanced) {
      problems.push(`part ${part.id}: holds and sold ${part.held} units, the stock ledger brought in ${part.came}`);
    }
    const { rows: badLines } = await sql<{ id: number }>`
      select id from order_lines where allocated + waiting + cancelled <> quantity or shipped > allocated limit 10`.execute(
      database,
    );
    for (const line of badLines) problems.push(`order line ${line.id}: its units do not add up to its quantity`);
    const { rows: badOrders } = await sql<{ id: number }>`
      select orders.id from orders
      where not exists (select 1 from order_lines where order_lines.order_id = orders.id) limit 10`.execute(database);
    for (const order of badOrders) problems.push(`order ${order.id} has no lines`);

    // Quote numbers run without gaps within each year: Q-2026-00001, Q-2026-00002, …
    const { rows: quoteNumbers } = await sql<{ number: string }>`select number from quotes`.execute(database);
    const numbered = quoteNumbers
      .map(({ number }) => /^Q-(\d{4})-(\d+)$/.exec(number))
      .filter((match) => match !== null)
      .map(([number, year, sequence]) => ({ number, year, sequence: Number(sequence) }))
      .sort((a, b) => a.year.localeCompare(b.year) || a.sequence - b.sequence);
    const lastOfYear = new Map<string, number>();
    for (const { number, year, sequence } of numbered) {
      const expected = (lastOfYear.get(year) ?? 0) + 1;
      if (sequence !== expected) problems.push(`quote numbers skip from ${expected - 1} to ${number} in ${year}`);
      lastOfYear.set(year, sequence);
    }
    return { ok: problems.length === 0, problems, counts, migrations: applied.size };
  } finally {
    await database.destroy();
  }
}
