// Starts the built app for Playwright on a fresh, seeded database: SQLite by default, or a new
// PostgreSQL database when E2E_POSTGRES_URL names a server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import pg from "pg";

import { prepareDatabase } from "../../scripts/lib/database.mjs";
import { start } from "../../scripts/lib/run.mjs";
import { e2eDatabaseUrl, e2eServerEnv } from "./e2e-env.mjs";

async function freshDatabaseUrl() {
  const url = e2eDatabaseUrl();
  const server = process.env.E2E_POSTGRES_URL;
  if (server) {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query("drop database if exists storefront_e2e with (force)");
    await client.query("create database storefront_e2e");
    await client.end();
    return url;
  }
  const dir = path.dirname(fileURLToPath(url));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return url;
}

const env = { ...process.env, ...e2eServerEnv(await freshDatabaseUrl()) };
prepareDatabase(env);
const server = start(process.execPath, ["build/start.js"], { env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.child.kill(signal));
process.exitCode = await server.exited;
