// `npm test`: everything CI checks, from a fresh clone, in one command.
import fs from "node:fs";
import path from "node:path";

import { ensureBuild } from "./lib/build.mjs";
import { ensureChromium } from "./lib/chromium.mjs";
import { ensureDependenciesKeepingLockfile } from "./lib/ensure-deps.mjs";
import { ensureNginx } from "./lib/nginx.mjs";
import { ensurePoppler } from "./lib/poppler.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { bin, log, root, tryRun } from "./lib/run.mjs";
import { RELIABILITY_CONFIG, runVitest, SERVER_CONFIG } from "./lib/suites.mjs";

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, ok) {
  if (!ok) failedSteps.push(name);
}

function count(name, result) {
  step(name, result.ok);
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
}

const lockfileKept = ensureDependenciesKeepingLockfile();
ensureChromium();
ensureNginx();
ensurePoppler();
step("lockfile unchanged by install", lockfileKept);

log("Typecheck");
step("typecheck", tryRun(bin("tsc"), []));
log("Lint");
step("lint", tryRun(bin("eslint"), ["--max-warnings", "0", "."]));
log("Format");
step("format", tryRun(bin("prettier"), ["--check", "."]));

// Built first: the server suite (tests/server) runs it over HTTP and walks its route modules, the
// reliability suite runs it as real processes, and Playwright serves it.
ensureBuild({ force: true });

const sqlite = { TEST_DATABASE: "sqlite" };
count("vitest (sqlite)", runVitest("sqlite", { env: sqlite }));
count("server (sqlite)", runVitest("server-sqlite", { config: SERVER_CONFIG, env: sqlite }));
count("reliability (sqlite)", runVitest("reliability-sqlite", { config: RELIABILITY_CONFIG, env: sqlite }));

function playwright(name, args, env = {}) {
  log(`Playwright: ${name}`);
  const report = path.join(root, ".tmp", "reports", `playwright-${name}.json`);
  fs.rmSync(report, { force: true });
  step(
    `playwright (${name})`,
    tryRun(bin("playwright"), ["test", "--reporter=list,json", ...args], {
      env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    }),
  );
  try {
    const { stats } = JSON.parse(fs.readFileSync(report, "utf8"));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } catch {
    step(`playwright (${name}): no report`, false);
  }
}

// The browser suite runs once per mode, each mode on one database: without JavaScript on SQLite, with
// it on PostgreSQL. The pages are the same code on both; the databases' own paths are covered twice
// over by the suites above, and running every browser test on both engines cost six minutes of CI.
playwright("sqlite", ["--project=js-off"]);

const postgres = startPostgres();
try {
  const env = { TEST_DATABASE: "postgres", TEST_POSTGRES_URL: postgres.url };
  count("vitest (postgres)", runVitest("postgres", { env }));
  count("server (postgres)", runVitest("server-postgres", { config: SERVER_CONFIG, env }));
  count("reliability (postgres)", runVitest("reliability-postgres", { config: RELIABILITY_CONFIG, env }));
  playwright("postgres", ["--project=js-on"], { E2E_POSTGRES_URL: postgres.url });
} finally {
  postgres.stop();
}

log("Finished");
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
// The plain closing line CI reads.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
