import { db } from "../app/db/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { setUserRole } from "../app/models/user.server";

const email = process.argv[2];
if (!email) {
  console.error("usage: npm run make-admin -- someone@example.com");
  process.exit(2);
}

try {
  await migrateToLatest(db);
  const user = await setUserRole(email, "admin");
  if (user) {
    console.log(`${user.email} is now an admin`);
  } else {
    console.error(`no account with the email ${email}: the person must sign up first`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
