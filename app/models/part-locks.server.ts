// Every transaction that locks more than one part's row locks them in one order: ascending id. A
// checkout locks each part it takes stock from (FOR UPDATE, backorders.server.ts) in id order. A
// write of rows that point at parts (a quote's lines, a parts list's, a cart's, a price list's
// rules, a punchout's transferred lines) takes a key-share lock on each part as PostgreSQL checks
// the reference, in the order the rows are written: a quote of parts C and A and a checkout of A
// and C each held one part and waited for the other (the soak run's one 500, "deadlock detected").
// Such a write takes its parts' locks here first, in id order (decision 54). SQLite runs one writer
// at a time.
import type { Transaction } from "kysely";

import { isPostgres } from "~/db/db.server";
import type { Database } from "~/db/schema";

/** Ids per statement: well under both databases' bound on a statement's parameters. */
const IDS_PER_STATEMENT = 500;

/**
 * Locks these parts' rows (PostgreSQL: FOR KEY SHARE, so they are neither deleted nor renumbered
 * until the transaction ends) in id order, and answers which of them exist.
 */
export async function holdPartsInIdOrder(trx: Transaction<Database>, itemIds: Iterable<number>) {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  const found = new Set<number>();
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    let query = trx
      .selectFrom("items")
      .select("id")
      .where("id", "in", ids.slice(start, start + IDS_PER_STATEMENT))
      .orderBy("id");
    if (isPostgres(trx)) query = query.forKeyShare();
    for (const row of await query.execute()) found.add(row.id);
  }
  return found;
}
