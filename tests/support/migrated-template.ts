// Vitest global setup: one migrated database per run, which each test file's database is copied from
// (tests/support/setup-database.ts). Migrating from nothing took a second a file on SQLite and two
// on PostgreSQL, a minute and more of every suite; a copy takes milliseconds.
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { TestProject } from "vitest/node";

import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

import { createTestDatabaseUrl } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The URL of the migrated database each test file's own is a copy of. */
    migratedTemplateUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await createTestDatabaseUrl();
  // Opened as the app opens it on SQLite (the same pragmas and planner statistics as a file's own
  // migrated database had); on PostgreSQL without the app's configuration, which this process lacks.
  const database =
    process.env.TEST_DATABASE === "postgres"
      ? new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: template.url }) }) })
      : createDatabase(template.url);
  try {
    await migrateToLatest(database);
  } finally {
    // PostgreSQL copies a template only while nobody is connected to it; SQLite folds its WAL back in.
    await database.destroy();
  }
  project.provide("migratedTemplateUrl", template.url);
  return () => template.drop();
}
