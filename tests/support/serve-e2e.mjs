// Starts the built app for Playwright on a fresh, seeded database.
import fs from "node:fs";
import path from "node:path";
import { prepareDatabase } from "../../scripts/lib/database.mjs";
import { bin, root, start } from "../../scripts/lib/run.mjs";
import { e2eServerEnv } from "./e2e-env.mjs";

const dir = path.join(root, ".tmp", "e2e");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const env = { ...process.env, ...e2eServerEnv(process.env.E2E_DATABASE_URL || `file:${path.join(dir, "storefront.db")}`) };

prepareDatabase(env);
const server = start(bin("remix-serve"), ["build/server/index.js"], { env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.child.kill(signal));
process.exitCode = await server.exited;
