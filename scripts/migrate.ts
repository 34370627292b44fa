import { createDatabase } from "../app/db/db.server";
import { migrateToLatest } from "../app/db/migrate.server";

const db = createDatabase();
try {
  const results = await migrateToLatest(db);
  for (const result of results) console.log(`migration ${result.migrationName}: ${result.status}`);
  if (results.length === 0) console.log("database schema is up to date");
} finally {
  await db.destroy();
}
