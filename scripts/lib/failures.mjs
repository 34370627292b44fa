import fs from "node:fs";

/**
 * The failed tests a JSON report (Vitest's or Playwright's) names, each with the first lines of its
 * error. CI keeps only the end of a long log, so `npm test` repeats them after its last step.
 */
export function failedTestsIn(reportFile) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
  } catch {
    return [];
  }
  return Array.isArray(report.testResults) ? vitestFailures(report) : playwrightFailures(report.suites ?? []);
}

function firstLines(message, count = 4) {
  return (
    String(message ?? "")
      // eslint-disable-next-line no-control-regex -- the reporters colour their messages
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .filter((line) => line.trim())
      .slice(0, count)
      .join("\n    ")
  );
}

function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failed.length === 0 && file.status === "failed") return [`${file.name}\n    ${firstLines(file.message)}`];
    return failed.map((test) => `${file.name} › ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`);
  });
}

function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "unexpected")
        .map((test) => {
          const error = test.results.at(-1)?.error?.message;
          return `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n    ${firstLines(error)}`;
        }),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/** Prints what every report in `reportFiles` says failed; nothing when all passed. */
export function printFailedTests(reportFiles) {
  const failures = reportFiles.flatMap(failedTestsIn);
  if (failures.length === 0) return;
  console.log(`\nFailed tests (${failures.length}):`);
  for (const failure of failures.slice(0, 30)) console.log(`  ${failure}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more above`);
}
