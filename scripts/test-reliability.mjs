// `npm run test:reliability`: oversell, crash, fuzz and access-matrix suites on SQLite and PostgreSQL.
import { ensureBuild } from "./lib/build.mjs";
import { ensureDependencies } from "./lib/ensure-deps.mjs";
import { ensureNginx } from "./lib/nginx.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { RELIABILITY_CONFIG, runVitest } from "./lib/suites.mjs";

ensureDependencies();
ensureNginx();
ensureBuild();
const results = [runVitest("reliability-sqlite", { config: RELIABILITY_CONFIG, env: { TEST_DATABASE: "sqlite" } })];
const postgres = startPostgres();
try {
  results.push(
    runVitest("reliability-postgres", {
      config: RELIABILITY_CONFIG,
      env: { TEST_DATABASE: "postgres", TEST_POSTGRES_URL: postgres.url },
    }),
  );
} finally {
  postgres.stop();
}
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) && failed === 0 ? 0 : 1);
