import fs from "node:fs";
import path from "node:path";

import { bin, log, root, tryRun } from "./run.mjs";

/** Runs one Vitest suite with a JSON report; returns { ok, passed, failed, skipped }. */
export function runVitest(name, { config, env = {} } = {}) {
  const reportDir = path.join(root, ".tmp", "reports");
  fs.mkdirSync(reportDir, { recursive: true });
  const output = path.join(reportDir, `vitest-${name}.json`);
  fs.rmSync(output, { force: true });
  log(`Vitest: ${name}`);
  const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`];
  if (config) args.push("--config", config);
  const ok = tryRun(bin("vitest"), args, { env: { ...process.env, ...env } });
  let report = null;
  try {
    report = JSON.parse(fs.readFileSync(output, "utf8"));
  } catch {
    /* no report: counted as a failed step */
  }
  return {
    ok: ok && report !== null,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  };
}

export const SERVER_CONFIG = "vitest.server.config.ts";
export const RELIABILITY_CONFIG = "vitest.reliability.config.ts";
