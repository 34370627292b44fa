import { sql } from "kysely";

import { db } from "~/db/db.server";

/** Whether the database answers a trivial query within the time given (readiness, not liveness). */
export async function databaseAnswers(timeoutMs = 2_000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
