import { bin, log, run } from "./run.mjs";

/** Creates or migrates the database and seeds an empty one; safe to run on every start. */
export function prepareDatabase(env = process.env) {
  log("Preparing the database");
  run(bin("tsx"), ["scripts/seed/seed.ts"], { env });
}
