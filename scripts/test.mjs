// `npm test`: everything CI checks, from a fresh clone, in one command.
import fs from "node:fs";
import path from "node:path";
import { ensureBuild } from "./lib/build.mjs";
import { ensureChromium } from "./lib/chromium.mjs";
import { ensureDependencies } from "./lib/ensure-deps.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { bin, log, root, tryRun } from "./lib/run.mjs";
import { RELIABILITY_CONFIG, runVitest } from "./lib/suites.mjs";

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

ensureDependencies();
ensureChromium();

log("Typecheck");
step("typecheck", tryRun(bin("tsc"), []));
log("Lint");
step("lint", tryRun(bin("eslint"), ["--max-warnings", "0", "."]));

// Built first: the cross-site test walks the build's route modules, the reliability suite runs it
// as real processes, and Playwright serves it.
ensureBuild({ force: true });

const sqlite = { TEST_DATABASE: "sqlite" };
count("vitest (sqlite)", runVitest("sqlite", { env: sqlite }));
count("reliability (sqlite)", runVitest("reliability-sqlite", { config: RELIABILITY_CONFIG, env: sqlite }));

const postgres = startPostgres();
try {
  const env = { TEST_DATABASE: "postgres", TEST_POSTGRES_URL: postgres.url };
  count("vitest (postgres)", runVitest("postgres", { env }));
  count("reliability (postgres)", runVitest("reliability-postgres", { config: RELIABILITY_CONFIG, env }));
} finally {
  postgres.stop();
}

log("Playwright (JavaScript on and off)");
const playwrightReport = path.join(root, ".tmp", "reports", "playwright.json");
fs.rmSync(playwrightReport, { force: true });
step(
  "playwright",
  tryRun(bin("playwright"), ["test", "--reporter=list,json"], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  }),
);
try {
  const { stats } = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
} catch {
  step("playwright (no report)", false);
}

console.log("");
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
// The plain closing line CI reads.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
