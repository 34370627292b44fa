// The catalog's generation (migration 0017): a number that moves in the same transaction as any
// change a search's answer depends on. Kept answers and the spelling vocabulary are filed under it.
import { db, type DbOptions } from "~/db/db.server";

/** The catalog's generation (migration 0017). */
export async function catalogGeneration({ executor = db }: DbOptions = {}) {
  const row = await executor
    .selectFrom("catalog_generation")
    .select("generation")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Number(row?.generation ?? 0);
}
