import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as initial from "./migrations/0001_initial";
import * as messages from "./migrations/0002_messages";

// A static list rather than a folder scan, so migrations ship inside the server build.
const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_messages": messages,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}
