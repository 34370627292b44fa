import fs from "node:fs";
import path from "node:path";

import { bin, log, printOutput, root, runToFile, tryRun } from "./run.mjs";

const reportDir = path.join(root, ".tmp", "reports");

function vitestArgs(name, { config, files = [], exclude = [], project }) {
  fs.mkdirSync(reportDir, { recursive: true });
  const output = path.join(reportDir, `vitest-${name}.json`);
  fs.rmSync(output, { force: true });
  const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`];
  if (config) args.push("--config", config);
  if (project) args.push("--project", project);
  for (const pattern of exclude) args.push("--exclude", pattern);
  args.push(...files);
  return { args, output };
}

function resultOf(ok, output) {
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

/**
 * Runs one Vitest suite with a JSON report; returns { ok, passed, failed, skipped }. `files` narrows
 * it to the files matching them, `exclude` leaves files out, `project` runs one of its projects.
 */
export function runVitest(name, { config, env = {}, files, exclude, project } = {}) {
  const { args, output } = vitestArgs(name, { config, files, exclude, project });
  log(`Vitest: ${name}`);
  return resultOf(tryRun(bin("vitest"), args, { env: { ...process.env, ...env } }), output);
}

/**
 * The same, run beside whatever this process does next: its output goes to a file and is printed
 * when it ends. Resolves with { ok, passed, failed, skipped }.
 */
export async function runVitestBeside(name, { config, env = {}, files, exclude } = {}) {
  const { args, output } = vitestArgs(name, { config, files, exclude });
  const logFile = path.join(reportDir, `vitest-${name}.log`);
  log(`Vitest: ${name}, beside the next step`);
  const ok = await runToFile(bin("vitest"), args, logFile, { env: { ...process.env, ...env } });
  printOutput(`Vitest: ${name}`, logFile);
  return resultOf(ok, output);
}

export const SERVER_CONFIG = "vitest.server.config.ts";
export const RELIABILITY_CONFIG = "vitest.reliability.config.ts";
