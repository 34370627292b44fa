// `npm start`: install what is missing, prepare the database, build when stale, serve.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { ensureBuild } from "./lib/build.mjs";
import { prepareDatabase } from "./lib/database.mjs";
import { ensureDependencies } from "./lib/ensure-deps.mjs";
import { log, root, start } from "./lib/run.mjs";

if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

// Production refuses to run without SESSION_SECRET. A local `npm start` gets one generated once and
// kept in data/, so sessions survive restarts; a real deployment sets its own.
if (!process.env.SESSION_SECRET) {
  const secretFile = path.join(root, "data", "session-secret");
  if (!fs.existsSync(secretFile)) {
    fs.mkdirSync(path.dirname(secretFile), { recursive: true });
    fs.writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  process.env.SESSION_SECRET = fs.readFileSync(secretFile, "utf8").trim();
}

// `npm run start:cluster`: one process per core on the same port, unless WEB_CONCURRENCY says otherwise.
if (process.argv.includes("--cluster") && !process.env.WEB_CONCURRENCY) {
  process.env.WEB_CONCURRENCY = String(os.availableParallelism());
}

ensureDependencies();
const config = await checkedConfig({ ...process.env, NODE_ENV: "production" });
prepareDatabase(process.env, { demoAsConfigured: true });
ensureBuild();

const { port, storeName, webConcurrency } = config;
log(`Serving ${storeName} on http://localhost:${port}${webConcurrency > 1 ? ` (${webConcurrency} processes)` : ""}`);
const server = start(process.execPath, ["build/start.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.child.kill(signal));
process.exitCode = await server.exited;

/**
 * The server's own configuration (app/config), read here first: a wrong variable stops `npm start`
 * with the list of what is wrong before a minute goes on the database and the build.
 */
async function checkedConfig(env) {
  const { tsImport } = await import("tsx/esm/api");
  const { parseEnvironment, ConfigError } = await tsImport("../app/config/schema.server.ts", import.meta.url);
  try {
    return parseEnvironment(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
