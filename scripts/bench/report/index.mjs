// The report: the Markdown section `npm run bench` writes between <!-- bench:results:start --> and
// <!-- bench:results:end --> in docs/benchmarks.md, printed as plain text, and the raw numbers in
// .tmp/bench/last-run.json.
import fs from "node:fs";
import path from "node:path";

import { root } from "../../lib/run.mjs";
import { benchmarksFile, plainTable, writeSection } from "../lib/report.mjs";
import { benchDir } from "../lib/server.mjs";
import { budgetsSection } from "./budgets.mjs";
import {
  adversarialSection,
  catalogFileSection,
  checkoutsSection,
  floodSection,
  ordersSection,
  scaleOutSection,
  uploadsSection,
} from "./operations.mjs";
import { growthSection, latencySection, opening, pagesSection } from "./pages.mjs";
import { cachingSection, payloadSection } from "./served.mjs";

/**
 * `run` is everything measured: { info, results, skipped, adversarial, orders, checkouts,
 * postgresCheckouts, scaleOut, catalogFile, flood, uploads, payload, caching }, a scenario left out (`--only`) as null.
 */
export function render(run) {
  return [
    ...opening(run.info),
    ...pagesSection(run.results),
    ...latencySection(run.results, run.info),
    ...growthSection(run.results, run.info),
    ...adversarialSection(run),
    ...ordersSection(run),
    ...checkoutsSection(run),
    ...scaleOutSection(run),
    ...catalogFileSection(run),
    ...payloadSection(run),
    ...cachingSection(run),
    ...floodSection(run),
    ...uploadsSection(run),
    ...budgetsSection(run),
  ].join("\n");
}

/** The Markdown for a terminal: tables aligned, emphasis dropped. */
function plainText(markdown) {
  const out = [];
  let tableLines = [];
  const flush = () => {
    if (tableLines.length) out.push(plainTable(tableLines.join("\n")));
    tableLines = [];
  };
  for (const line of markdown.split("\n")) {
    if (line.startsWith("|")) tableLines.push(line);
    else {
      flush();
      out.push(line.replace(/\*\*/g, ""));
    }
  }
  flush();
  return out.join("\n");
}

/** Prints the report, keeps the raw numbers, and writes docs/benchmarks.md's section when `write`. */
export function report(run, { write }) {
  const markdown = render(run);
  console.log(`\n${plainText(markdown)}`);
  fs.mkdirSync(benchDir, { recursive: true });
  fs.writeFileSync(path.join(benchDir, "last-run.json"), JSON.stringify(run, null, 2));
  if (!write) {
    console.log("\n(docs/benchmarks.md left alone: --no-write or --only)");
    return;
  }
  writeSection("bench:results", markdown);
  console.log(`\nWritten to ${path.relative(root, benchmarksFile)}; raw numbers in .tmp/bench/last-run.json`);
}
