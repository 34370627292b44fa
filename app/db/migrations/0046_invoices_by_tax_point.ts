import type { Kysely } from "kysely";

/**
 * Invoices and credit notes found by when they were issued (issue 51): the reports read a period's
 * documents by their tax point, and a year holds a great many.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("invoices_issued_at_idx").on("invoices").columns(["issued_at"]).execute();
}
