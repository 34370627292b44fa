// `npm test`: everything CI checks, from a fresh clone, in one command.
import fs from "node:fs";
import path from "node:path";
import { ensureBuild } from "./lib/build.mjs";
import { ensureChromium } from "./lib/chromium.mjs";
import { ensureDependencies } from "./lib/ensure-deps.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { bin, log, root, tryRun } from "./lib/run.mjs";

const reportDir = path.join(root, ".tmp", "reports");
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, ok) {
  if (!ok) failedSteps.push(name);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function countVitest(file, name) {
  const report = readJson(file);
  if (!report) return step(`${name} (no report)`, false);
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report) return step("playwright (no report)", false);
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

function vitest(name, env) {
  const output = path.join(reportDir, `vitest-${name}.json`);
  log(`Vitest on ${name}`);
  step(
    `vitest (${name})`,
    tryRun(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`], {
      env: { ...process.env, ...env },
    }),
  );
  countVitest(output, `vitest (${name})`);
}

ensureDependencies();
ensureChromium();

log("Typecheck");
step("typecheck", tryRun(bin("tsc"), []));
log("Lint");
step("lint", tryRun(bin("eslint"), ["--max-warnings", "0", "."]));

// Built first: the cross-site test walks the build's route modules, and Playwright serves it.
ensureBuild({ force: true });

vitest("sqlite", { TEST_DATABASE: "sqlite" });

const postgres = startPostgres();
try {
  vitest("postgres", { TEST_DATABASE: "postgres", TEST_POSTGRES_URL: postgres.url });
} finally {
  postgres.stop();
}

log("Playwright (JavaScript on and off)");
const playwrightReport = path.join(reportDir, "playwright.json");
step(
  "playwright",
  tryRun(bin("playwright"), ["test", "--reporter=list,json"], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  }),
);
countPlaywright(playwrightReport);

console.log("");
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
// The plain closing line CI reads.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
