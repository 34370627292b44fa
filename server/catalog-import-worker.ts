// The catalog import runner's thread (app/services/catalog-import-runner.server.ts): it looks for
// imports to run every second, with its own database connection, and tells the server's thread how
// far an apply has got. Bundled into build/catalog-import-worker.js beside the server.
import { parentPort } from "node:worker_threads";

import { db } from "~/db/db.server";
import { newRunnerId, runWaitingCatalogImports } from "~/services/catalog-import-runner.server";

const POLL_MS = 1_000;
const runner = newRunnerId();
let stopping = false;
let working: Promise<void> | undefined;

async function round() {
  working = runWaitingCatalogImports(runner, (report) => parentPort?.postMessage(report))
    .catch((error) => console.error("The catalog import runner failed; it tries again shortly:", error))
    .finally(() => {
      working = undefined;
    });
  await working;
  if (!stopping) setTimeout(round, POLL_MS);
}

parentPort?.on("message", async (message) => {
  if (message !== "stop") return;
  stopping = true;
  await working;
  await db.destroy();
  process.exit(0);
});

void round();
