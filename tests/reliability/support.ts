import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler } from "@remix-run/node";

import { startServer } from "../support/server";

export { postForm } from "../support/server";

export const BUILD = path.resolve("build/server/index.js");

/**
 * The shop as `npm run start:cluster` runs it: two worker processes on one port, sharing the test
 * database, so every request may land on either.
 */
export async function startCluster(workers = 2, env: Record<string, string> = {}) {
  const server = await startServer({ env: { ...env, WEB_CONCURRENCY: String(workers) } });
  await server.waitForWorkers(workers);
  return server;
}

/** The production build's request handler in this process: the same code the server runs. */
export async function inProcessHandler() {
  if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js is missing: run `npm run build` (npm test does)");
  const build = await import(pathToFileURL(BUILD).href);
  return { build, handle: createRequestHandler(build, "production") };
}

/** Which worker processes answered, from the access log's pid field. */
export function pidsInLog(output: string) {
  return new Set([...output.matchAll(/"pid":(\d+),"requestId"/g)].map((match) => Number(match[1])));
}

export type Stats = {
  suite: string;
  database: string;
  requests: number;
  failures: number;
  serverErrors: number;
  oversells: number;
  ordersLost: number;
};

/** Each suite writes its numbers; the global teardown adds them up and prints the summary. */
export function recordStats(stats: Omit<Stats, "database">) {
  const dir = path.resolve(".tmp/reliability");
  fs.mkdirSync(dir, { recursive: true });
  const database = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  fs.writeFileSync(path.join(dir, `${stats.suite}-${database}.json`), JSON.stringify({ ...stats, database }));
}
