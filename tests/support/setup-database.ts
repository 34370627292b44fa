// Vitest setup: every test file gets its own migrated database before any app module loads.
import { afterAll } from "vitest";

import { createTestDatabaseUrl } from "./test-database";

const database = await createTestDatabaseUrl();
process.env.DATABASE_URL = database.url;
process.env.SESSION_SECRET ??= "integration-test-secret";

const { db } = await import("~/db/db.server");
const { migrateToLatest } = await import("~/db/migrate.server");
await migrateToLatest(db);

afterAll(async () => {
  const { closeRateLimiters } = await import("~/auth/rate-limit.server");
  await closeRateLimiters();
  await db.destroy();
  delete (globalThis as { storefrontDb?: unknown }).storefrontDb;
  await database.drop();
});
