// Vitest setup: every test file gets its own migrated database before any app module loads, a copy
// of the run's migrated template (tests/support/migrated-template.ts), or migrated here when a config
// has none.
import { afterAll, inject } from "vitest";

import { createTestDatabaseUrl } from "./test-database";

const template = inject("migratedTemplateUrl");
const database = await createTestDatabaseUrl({ copyOf: template });
process.env.DATABASE_URL = database.url;
process.env.SESSION_SECRET ??= "integration-test-secret";

const { db } = await import("~/db/db.server");
if (!template) {
  const { migrateToLatest } = await import("~/db/migrate.server");
  await migrateToLatest(db);
}

afterAll(async () => {
  const { closeRateLimiters } = await import("~/web/rate-limit.server");
  await closeRateLimiters();
  await db.destroy();
  delete (globalThis as { storefrontDb?: unknown }).storefrontDb;
  await database.drop();
});
