import { bin, log, run } from "./run.mjs";

/**
 * Creates or migrates the database and seeds an empty one; safe to run on every start. With
 * `demoAsConfigured` (`npm start`, `npm run dev`), the demo's history too when DEMO_DATA says so.
 */
export function prepareDatabase(env = process.env, { demoAsConfigured = false } = {}) {
  log("Preparing the database");
  run(bin("tsx"), ["scripts/seed/seed.ts", ...(demoAsConfigured ? ["--demo-as-configured"] : [])], { env });
}
