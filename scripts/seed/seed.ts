import { createDatabase } from "../../app/db/db.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import { seedDatabase } from "./seed-database";

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
