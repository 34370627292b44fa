import { db } from "~/db/db.server";

/**
 * The public version (migration 0018): it moves whenever something an anonymous page shows has
 * committed, in this process or any other. One small read, made by the server after a successful
 * write to decide whether its page cache must be emptied (decision 19); it is an opaque value, only
 * ever compared for equality.
 */
export async function publicVersion(): Promise<string> {
  const row = await db
    .selectFrom("public_version")
    .select((eb) => eb.fn.sum<number | string>("changes").as("changes"))
    .executeTakeFirstOrThrow();
  return String(row.changes);
}
