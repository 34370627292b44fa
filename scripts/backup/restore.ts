// `npm run restore <file> [--force]`: brings a backup back into DATABASE_URL's database, which must
// be empty unless --force, and checks it. Exits 1 when it was refused or does not add up.
import { config } from "../../app/config/env.server";
import { restoreDatabase, RestoreRefused } from "./lib";

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("Usage: npm run restore <backup file> [-- --force]");
  process.exit(1);
}
try {
  const report = await restoreDatabase(file, config().databaseUrl, { force: args.includes("--force") });
  console.log(`restored ${file}: ${report.migrations} migrations; ${JSON.stringify(report.counts)}`);
  if (!report.ok) {
    console.error(`The restored database does not add up:\n- ${report.problems.join("\n- ")}`);
    process.exit(1);
  }
  console.log("checked: migrations, stock ledger, order lines and quote numbers all add up");
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
