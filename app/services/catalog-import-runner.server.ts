// Runs catalog imports one at a time, in whichever app process claims the next one. In the server,
// a worker thread does it (server/catalog-import-worker.ts): reading and comparing a 100,000-part
// file is seconds of work, and an apply's one transaction may wait on SQLite's lock, neither of
// which the thread that answers pages should do. Elsewhere (dev, tests) it runs in this thread.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";

import { storeMoneyFormat } from "~/config/env.server";
import {
  applyCatalogImport,
  checkCatalogImport,
  claimNextImport,
  type ImportProgress,
  releaseAfterError,
} from "~/models/catalog-import";

import { fillBackorders } from "./stock-arrivals.server";

/** This process's name in the imports table while it runs one (host, pid and a random part). */
export function newRunnerId() {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** How often each process looks for an import to run: a staff member waits at most this long for it to start. */
const IMPORT_POLL_MS = 1_000;

export type ProgressReport = ImportProgress & { importId: number };

const FAILED_ON_OUR_SIDE =
  "The import stopped on our side before it finished, and nothing was written to the catalog. Try again, or tell us if it keeps happening.";

/** Claims the next import, if one waits and none runs, and checks or applies it; true when it ran one. */
export async function runNextCatalogImport(
  runner: string,
  onProgress: (report: ProgressReport) => void = () => {},
): Promise<boolean> {
  const claimed = await claimNextImport(runner);
  if (!claimed) return false;
  const report = (progress: ImportProgress) => onProgress({ importId: claimed.id, ...progress });
  try {
    if (claimed.job === "check") {
      await checkCatalogImport(claimed.id, { runner, money: storeMoneyFormat(), onProgress: report });
    } else {
      await applyCatalogImport(claimed.id, {
        runner,
        userId: claimed.userId,
        onProgress: report,
        onStockArrived: async (trx, itemIds) => void (await fillBackorders(itemIds, { executor: trx })),
      });
    }
  } catch (error) {
    console.error(`Catalog import #${claimed.id} failed:`, error);
    await releaseAfterError(claimed.id, runner, claimed.job, FAILED_ON_OUR_SIDE);
  }
  return true;
}

/** Runs imports until none waits. */
export async function runWaitingCatalogImports(runner: string, onProgress?: (report: ProgressReport) => void) {
  while (await runNextCatalogImport(runner, onProgress)) {
    // Each loop claims the next one.
  }
}

// Progress of the applies this process runs: an apply's rows are written in one transaction, which
// on SQLite holds the only write lock, so its progress cannot be written where other processes read it.
const liveProgress = new Map<number, ProgressReport & { at: number }>();
const LIVE_PROGRESS_KEPT_MS = 10_000;

function keepProgress(report: ProgressReport) {
  liveProgress.set(report.importId, { ...report, at: Date.now() });
}

/** How far this process's run of an import has got, if it is running it now. */
export function liveImportProgress(importId: number): ImportProgress | null {
  const progress = liveProgress.get(importId);
  if (!progress || Date.now() - progress.at > LIVE_PROGRESS_KEPT_MS) return null;
  return { rowsDone: progress.rowsDone, bytesDone: progress.bytesDone };
}

let timer: ReturnType<typeof setInterval> | undefined;
let working: Promise<void> | undefined;
/**
 * The import thread's heap: an import holds a batch of rows at a time, so a small old generation
 * only makes V8 collect sooner, instead of growing the process by hundreds of megabytes of garbage
 * first. The young generation keeps V8's usual 48 MB: at 16 it collected so often that checking
 * 100,000 parts took 2 s longer.
 */
const IMPORT_WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 48 };

let worker: Worker | undefined;
let stopping = false;

/**
 * Starts looking for imports every IMPORT_POLL_MS: in a worker thread when the server names its
 * file, else in this thread.
 */
export function startCatalogImportRunner({ workerFile }: { workerFile?: string } = {}) {
  if (timer || worker) return;
  stopping = false;
  if (workerFile && fs.existsSync(workerFile)) {
    startWorker(workerFile);
    return;
  }
  const runner = newRunnerId();
  timer = setInterval(() => {
    working ??= runWaitingCatalogImports(runner, keepProgress)
      .catch((error) => console.error("The catalog import runner failed; it tries again shortly:", error))
      .finally(() => {
        working = undefined;
      });
  }, IMPORT_POLL_MS);
}

function startWorker(workerFile: string) {
  const started = new Worker(workerFile, { resourceLimits: IMPORT_WORKER_LIMITS });
  worker = started;
  started.on("message", (report: ProgressReport) => keepProgress(report));
  started.on("error", (error) => console.error("The catalog import worker failed:", error));
  started.on("exit", (code) => {
    if (worker === started) worker = undefined;
    // A worker that died (not one we stopped) is replaced; its import is recovered by the next claim.
    if (!stopping) {
      console.error(`The catalog import worker stopped (code ${code}); starting another.`);
      setTimeout(() => startWorker(workerFile), IMPORT_POLL_MS).unref();
    }
  });
}

/** On shutdown: no new imports; the one under way in this thread finishes, a worker is told to stop. */
export async function stopCatalogImportRunner() {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await working;
  const running = worker;
  worker = undefined;
  if (running) {
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.postMessage("stop");
    await exited;
  }
}
