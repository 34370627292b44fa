import { config } from "../../app/config/env.server";
import { createDatabase } from "../../app/db/db.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import { withoutPassword } from "../../app/lib/database-url";
import { seedDatabase } from "./seed-database";

console.log(`database: ${withoutPassword(config().databaseUrl)}`);

const db = createDatabase();
try {
  await migrateToLatest(db);
  const summary = await seedDatabase(db);
  console.log(
    `seed: ${summary.items} items, ${summary.reviews} reviews added; admin account ${summary.admin ? "created" : "already there"}`,
  );
} finally {
  await db.destroy();
}
