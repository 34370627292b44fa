// `npm run backup`: a consistent copy of the database in BACKUP_DIR (./backups by default), taken
// while the shop serves. `BACKUP_KEEP=n` keeps the newest n copies there.
import { config } from "../../app/config/env.server";
import { backupDatabase, pruneBackups } from "./lib";

const dir = process.env.BACKUP_DIR || "backups";
console.log(`backup started into ${dir}`);
const file = await backupDatabase(config().databaseUrl, dir);
console.log(`backup written: ${file}`);
const keep = Number(process.env.BACKUP_KEEP ?? 0);
if (Number.isInteger(keep) && keep > 0) {
  const kept = pruneBackups(dir, keep);
  console.log(`keeping the newest ${kept.length} in ${dir}`);
}
