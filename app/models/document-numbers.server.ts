import type { Transaction } from "kysely";

import type { Database } from "~/db/schema";
import { formatDocumentNumber, type NumberedDocumentKind } from "~/lib/document-numbers";

/**
 * The next number of a kind of document in a year, taken inside the transaction that writes the
 * document (docs/decisions/0030): "Q-2026-00042", with its year and count.
 *
 * One statement counts: an insert of the year's first number that, when the year already has one,
 * adds one to it instead, and says what it wrote. The row stays locked until the caller's
 * transaction ends (PostgreSQL's row lock; SQLite's write lock, taken at BEGIN IMMEDIATE), so two
 * documents never get one number; a transaction that rolls back takes its number back with it, so
 * no number is skipped. The transaction is not optional: the type asks for one, because a number
 * taken outside the document's own transaction would be lost when the document is not written.
 */
export async function takeDocumentNumber(trx: Transaction<Database>, kind: NumberedDocumentKind, year: number) {
  const { last } = await trx
    .insertInto("document_numbers")
    .values({ kind, year, last: 1 })
    .onConflict((oc) =>
      oc.columns(["kind", "year"]).doUpdateSet((eb) => ({ last: eb("document_numbers.last", "+", 1) })),
    )
    .returning("last")
    .executeTakeFirstOrThrow();
  return { year, sequence: last, number: formatDocumentNumber(kind, year, last) };
}
