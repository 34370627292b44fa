import { config } from "../../app/config/env.server";
import { createDatabase, db as appDb } from "../../app/db/db.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import { withoutPassword } from "../../app/lib/database-url";
import { seedDemoHistory } from "./demo-history";
import { seedDatabase } from "./seed-database";

// `npm run db:seed`: migrate, and seed an empty database with the catalog and the admin account.
// `-- --demo` adds the demo's history; `--demo-as-configured` (what `npm start` passes) adds it when
// DEMO_DATA says so (README, Configuration).
const demo = process.argv.includes("--demo") || (process.argv.includes("--demo-as-configured") && config().demoHistory);

console.log(`database: ${withoutPassword(config().databaseUrl)}`);

const db = createDatabase();
try {
  await migrateToLatest(db);
  const summary = await seedDatabase(db);
  console.log(
    `seed: ${summary.items} items, ${summary.reviews} reviews added; admin account ${summary.admin ? "created" : "already there"}`,
  );
  if (demo) {
    const history = await seedDemoHistory();
    console.log(
      history.created
        ? `demo: ${history.accounts} accounts and ${history.orders} orders over the last 4 weeks added (README, "The demo")`
        : `demo: not added, ${history.reason}`,
    );
  }
} finally {
  await db.destroy();
  await appDb.destroy();
}
