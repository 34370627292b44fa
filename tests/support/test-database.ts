import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

/**
 * A fresh database for one test file: a SQLite file in the temp folder, or (TEST_DATABASE=postgres)
 * a new database on the throwaway cluster that `npm test` started. Empty, or a copy of `copyOf`'s
 * (a database made by this function that nobody has open).
 */
export async function createTestDatabaseUrl({ copyOf }: { copyOf?: string } = {}) {
  const suffix = `${process.pid}_${randomBytes(4).toString("hex")}`;
  if (process.env.TEST_DATABASE === "postgres") {
    const baseUrl = process.env.TEST_POSTGRES_URL;
    if (!baseUrl) throw new Error("TEST_DATABASE=postgres needs TEST_POSTGRES_URL (npm test sets both)");
    const name = `storefront_test_${suffix}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(
      copyOf
        ? `create database ${name} template ${new URL(copyOf).pathname.slice(1)} strategy file_copy`
        : `create database ${name}`,
    );
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const file = path.join(os.tmpdir(), `storefront-test-${suffix}.db`);
  if (copyOf) fs.copyFileSync(copyOf.slice("file:".length), file);
  return {
    url: `file:${file}`,
    async drop() {
      for (const extra of ["", "-wal", "-shm"]) fs.rmSync(`${file}${extra}`, { force: true });
    },
  };
}
