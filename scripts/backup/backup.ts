// `npm run backup`: a consistent copy of the database in BACKUP_DIR (./backups by default), taken
// while the shop serves. `BACKUP_KEEP=n` keeps the newest n copies there. `BACKUP_EVERY=6h` (s, m,
// h or d) keeps running and takes one at that interval, the first at once, until it is stopped.
import { config } from "../../app/config/env.server";
import { backupDatabase, intervalOf, pruneBackups } from "./lib";

const dir = process.env.BACKUP_DIR || "backups";
const keep = Number(process.env.BACKUP_KEEP || 0);
const every = process.env.BACKUP_EVERY ? intervalOf(process.env.BACKUP_EVERY) : undefined;
if (!Number.isInteger(keep) || keep < 0) {
  console.error("BACKUP_KEEP must be a whole number of copies to keep, such as 14");
  process.exit(1);
}
if (every === null) {
  console.error("BACKUP_EVERY must be a whole number with s, m, h or d after it, such as 6h");
  process.exit(1);
}

async function backUp() {
  console.log(`backup started into ${dir}`);
  const file = await backupDatabase(config().databaseUrl, dir);
  console.log(`backup written: ${file}`);
  if (keep > 0) console.log(`keeping the newest ${pruneBackups(dir, keep).length} in ${dir}`);
}

await backUp();
if (every) {
  console.log(`the next in ${process.env.BACKUP_EVERY}, and so on until stopped`);
  // A copy that fails is reported, and the next one is still taken.
  setInterval(() => backUp().catch((error) => console.error("backup failed:", error)), every);
}
