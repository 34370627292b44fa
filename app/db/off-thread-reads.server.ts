// The catalog's searches and counts, run off the thread that answers requests (issue 24, decision 36).
// better-sqlite3 is synchronous: a search's index reads, however bounded, stop every other page of the
// process while they run. The built server starts a worker thread with a second, read-only
// connection (server/catalog-read-worker.ts); the catalog hands it its reads through a Kysely of its
// own whose queries are compiled here and run there. PostgreSQL answers on its own processes already,
// so there, and wherever no worker runs (tests in process, the dev server), reads stay where they are.
import { Worker } from "node:worker_threads";

import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

import { config } from "~/config/env.server";
import { sqlitePathOf } from "~/lib/database-url";

import { db, dialectOf, type Executor } from "./db.server";
import { type Read, type Row, type StopRule, stopsAfter } from "./reads-in-turn";
import type { Database } from "./schema";

/**
 * What the worker is asked: queries run in turn, stopping early by `stop` (one query, or a search's
 * tiers: one message each way however many it runs), and its answer: the rows of each query run, or
 * why one failed.
 */
export type ReadAsk = { id: number; reads: Read[]; stop?: StopRule };
export type ReadAnswer = { id: number; answers: Row[][] } | { id: number; error: string };

type Waiting = { resolve: (answers: Row[][]) => void; reject: (error: Error) => void };

const RESTART_DELAY_MS = 1_000;

let worker: Worker | undefined;
let stopped = false;
let readsRun = 0;
let asksSent = 0;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/** Posts reads to a running worker; resolves with the rows of each read it ran. */
function askWorker(running: Worker, queries: readonly CompiledQuery[], stop?: StopRule): Promise<Row[][]> {
  const id = ++nextId;
  asksSent++;
  const reads = queries.map(({ sql, parameters }) => ({ sql, parameters }));
  return new Promise<Row[][]>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    running.postMessage({ id, reads, stop } satisfies ReadAsk);
  }).then((answers) => {
    readsRun += answers.length;
    return answers;
  });
}

/** Hands one compiled query to the worker; with none running (it died, or stopped), runs it here. */
function runInWorker<R>(query: CompiledQuery): Promise<QueryResult<R>> {
  const running = worker;
  if (!running) return db.executeQuery<R>(query);
  return askWorker(running, [query]).then(([rows]) => ({ rows: rows as R[] }));
}

const connection: DatabaseConnection = {
  executeQuery: runInWorker,
  streamQuery() {
    throw new Error("the catalog's read worker does not stream");
  },
};

/** Reads only: the worker's connection refuses writes, and nothing here opens a transaction. */
const readOnlyDriver: Driver = {
  init: async () => {},
  acquireConnection: async () => connection,
  beginTransaction: () => Promise.reject(new Error("the catalog's read worker runs no transactions")),
  commitTransaction: async () => {},
  rollbackTransaction: async () => {},
  releaseConnection: async () => {},
  destroy: async () => {},
};

/** The catalog's Kysely for the worker: it compiles here and opens no connection of its own. */
const reader = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => readOnlyDriver,
    createIntrospector: (database) => new SqliteIntrospector(database),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

function answer(message: ReadAnswer) {
  const asked = waiting.get(message.id);
  if (!asked) return;
  waiting.delete(message.id);
  if ("error" in message) asked.reject(new Error(message.error));
  else asked.resolve(message.answers);
}

function failWaitingReads(reason: string) {
  for (const [id, asked] of waiting) {
    waiting.delete(id);
    asked.reject(new Error(reason));
  }
}

function startWorker(workerFile: string, file: string) {
  const started = new Worker(workerFile, { workerData: { file } });
  worker = started;
  started.on("message", answer);
  started.on("error", (error) => console.error("The catalog's read worker failed:", error));
  started.on("exit", (code) => {
    // Reads asked of a worker that stopped fail; later ones run on the server's own thread until another starts.
    failWaitingReads(`the catalog's read worker stopped (code ${code})`);
    if (worker !== started) return;
    worker = undefined;
    if (stopped) return;
    console.error(`The catalog's read worker stopped (code ${code}); starting another.`);
    setTimeout(() => {
      if (!stopped && !worker) startWorker(workerFile, file);
    }, RESTART_DELAY_MS).unref();
  });
}

/** Starts the read worker when the server names its file and the database is SQLite. */
export function startOffThreadReads({ workerFile }: { workerFile?: string } = {}) {
  const url = config().databaseUrl;
  if (!workerFile || worker || dialectOf(url) !== "sqlite") return;
  const file = sqlitePathOf(url);
  if (file === ":memory:") return;
  stopped = false;
  startWorker(workerFile, file);
}

export async function stopOffThreadReads() {
  stopped = true;
  const running = worker;
  worker = undefined;
  await running?.terminate();
}

/**
 * Where the catalog's reads of `executor` run: in the worker when `executor` is the process's own
 * database (not a transaction, which must read its own writes) and the worker runs; else on `executor`.
 */
export function offThread(executor: Executor): Executor {
  return executor === db && worker ? reader : executor;
}

/**
 * Runs `queries` in turn on `executor`, stopping early by `stop`; the rows of each query run. Where
 * `executor` reads in the worker, the whole list is one message each way: a search's tiers would
 * otherwise each wait their turn on a busy request thread between one read and the next.
 */
export async function readInTurn(
  executor: Executor,
  queries: readonly CompiledQuery[],
  stop: StopRule,
): Promise<Row[][]> {
  const running = worker;
  if (executor === reader && running) return askWorker(running, queries, stop);
  const stops = stopsAfter(stop);
  const answers: Row[][] = [];
  for (const query of queries) {
    const { rows } = await executor.executeQuery<Row>(query);
    answers.push(rows);
    if (stops(rows)) break;
  }
  return answers;
}

/**
 * For /metrics and tests: whether the worker runs, how many reads it has answered and how many
 * messages asked for them since the process started.
 */
export function offThreadReadStats() {
  return { running: worker ? 1 : 0, reads: readsRun, asks: asksSent };
}
