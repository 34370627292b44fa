// The catalog's read worker (app/db/off-thread-reads.server.ts): a second SQLite connection, read-only,
// that runs the catalog's searches and counts in its own thread, so a long one never holds up the
// thread that answers every other page. Bundled into build/catalog-read-worker.js beside the server.
import { parentPort, workerData } from "node:worker_threads";

import SQLite from "better-sqlite3";

import type { ReadAnswer, ReadAsk } from "~/db/off-thread-reads.server";
import { type Row, stopsAfter } from "~/db/reads-in-turn";
import { withStatementCache } from "~/db/statement-cache";

const { file } = workerData as { file: string };
const sqlite = new SQLite(file, { fileMustExist: true });
// A reader in WAL mode never waits for the writer; this connection must never write.
sqlite.pragma("query_only = 1");
sqlite.pragma("busy_timeout = 5000");
const statements = withStatementCache(sqlite);

parentPort?.on("message", ({ id, reads, stop }: ReadAsk) => {
  let answer: ReadAnswer;
  try {
    const stops = stopsAfter(stop ?? {});
    const answers: Row[][] = [];
    for (const { sql, parameters } of reads) {
      const statement = statements.prepare(sql);
      if (!statement.reader) throw new Error("the catalog's read worker runs queries that read, not writes");
      const rows = statement.all(parameters) as Row[];
      answers.push(rows);
      if (stops(rows)) break;
    }
    answer = { id, answers };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
