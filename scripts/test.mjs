// `npm test`: everything CI checks, from a fresh clone, in one command.
import fs from "node:fs";
import path from "node:path";

import { ensureBuild } from "./lib/build.mjs";
import { HEADLESS_SHELL } from "./lib/chromium.mjs";
import { ensureDependenciesKeepingLockfile } from "./lib/ensure-deps.mjs";
import { printFailedTests } from "./lib/failures.mjs";
import { NGINX } from "./lib/nginx.mjs";
import { POPPLER } from "./lib/poppler.mjs";
import { POSTGRESQL, startPostgres } from "./lib/postgres.mjs";
import { aptInstallBeside, bin, log, printOutput, root, runToFile, tryRun } from "./lib/run.mjs";
import { RELIABILITY_CONFIG, runVitest, runVitestBeside, SERVER_CONFIG } from "./lib/suites.mjs";

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

// What a fresh machine lacks of Debian's packages installs beside npm's packages; nothing before the
// test suites needs it.
const debianPackagesReady = aptInstallBeside([HEADLESS_SHELL, NGINX, POPPLER, POSTGRESQL]);
const lockfileKept = ensureDependenciesKeepingLockfile();
step("lockfile unchanged by install", lockfileKept);

// The checks run beside the build: each is one process, mostly on one core, as the build is.
const reportDir = path.join(root, ".tmp", "reports");
fs.mkdirSync(reportDir, { recursive: true });
const checks = [
  ["typecheck", "tsc", []],
  ["lint", "eslint", ["--max-warnings", "0", "."]],
  ["format", "prettier", ["--check", "."]],
].map(([name, tool, args]) => {
  const outputFile = path.join(reportDir, `${name}.log`);
  return { name, outputFile, ok: runToFile(bin(tool), args, outputFile) };
});
// The e-invoice rules compiled for SaxonJS (scripts/einvoicing/compile-rules.mjs), kept by checkout.
const rulesLog = path.join(reportDir, "e-invoice-rules.log");
checks.push({
  name: "e-invoice rules",
  outputFile: rulesLog,
  ok: runToFile(process.execPath, [path.join(root, "scripts", "einvoicing", "compile-rules.mjs")], rulesLog),
});
log("Typecheck, lint, format and the e-invoice rules, beside the build");

// Built first: the server suite (tests/server) runs it over HTTP and walks its route modules, the
// reliability suite runs it as real processes, and Playwright serves it.
ensureBuild({ force: true });
for (const check of checks) {
  const ok = await check.ok;
  printOutput(`${check.name[0].toUpperCase()}${check.name.slice(1)}: ${ok ? "passed" : "FAILED"}`, check.outputFile);
  step(check.name, ok);
}
// The test suites drive Chromium, run nginx and PostgreSQL, and read PDFs back with poppler.
await debianPackagesReady;

/**
 * The built server's suites on one database: the server suite, then the reliability suite. The
 * fuzz (fifteen thousand requests through the handler in one process: one core's work for a
 * minute and a half, waiting on nothing) runs beside both, from the server suite's start to the
 * reliability suite's end: those files spend much of their time waiting on the servers they start,
 * load and kill (the reliability suite's one at a time), and the fuzz fills the core they leave idle.
 */
const FUZZ = "tests/reliability/fuzz.test.ts";
async function builtServerSuites(database, env) {
  const fuzz = runVitestBeside(`reliability-fuzz-${database}`, { config: RELIABILITY_CONFIG, env, files: [FUZZ] });
  count(`server (${database})`, runVitest(`server-${database}`, { config: SERVER_CONFIG, env }));
  count(
    `reliability (${database})`,
    runVitest(`reliability-${database}`, { config: RELIABILITY_CONFIG, env, exclude: [FUZZ] }),
  );
  count(`reliability fuzz (${database})`, await fuzz);
}

const sqlite = { TEST_DATABASE: "sqlite" };
count("vitest (sqlite)", runVitest("sqlite", { env: sqlite }));
await builtServerSuites("sqlite", sqlite);

/**
 * CI keeps only the log, so each failed browser test's page is printed into it: the ARIA snapshot
 * Playwright writes beside the failure (test-results/<test>/error-context.md), cut to a length a log
 * can hold.
 */
function printFailedPages() {
  const results = path.join(root, "test-results");
  const contexts = fs.existsSync(results)
    ? fs.readdirSync(results, { recursive: true }).filter((file) => path.basename(String(file)) === "error-context.md")
    : [];
  for (const file of contexts) {
    const text = fs.readFileSync(path.join(results, String(file)), "utf8");
    const start = text.indexOf("```yaml");
    if (start < 0) continue;
    const end = text.indexOf("# Test source", start);
    const snapshot = text.slice(start, end < 0 ? undefined : end).trim();
    console.log(`\nThe page when ${path.dirname(String(file))} failed:\n${snapshot.slice(0, 8000)}`);
  }
}

function playwright(name, args, env = {}) {
  log(`Playwright: ${name}`);
  const report = path.join(reportDir, `playwright-${name}.json`);
  fs.rmSync(report, { force: true });
  step(
    `playwright (${name})`,
    tryRun(bin("playwright"), ["test", "--reporter=list,json", ...args], {
      env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    }),
  );
  printFailedPages();
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
  // The in-process files that reach no database ran above, once: vite.config.ts lists them.
  count("vitest (postgres)", runVitest("postgres", { env, project: "database" }));
  await builtServerSuites("postgres", env);
  playwright("postgres", ["--project=js-on"], { E2E_POSTGRES_URL: postgres.url });
} finally {
  postgres.stop();
}

log("Finished");
printFailedTests(
  fs
    .readdirSync(reportDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => path.join(reportDir, file)),
);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
// The plain closing line CI reads.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
