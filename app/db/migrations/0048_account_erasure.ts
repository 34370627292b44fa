import type { Kysely } from "kysely";

/**
 * "Delete my account" (issue 53): the account's row stays, emptied of everything that names the
 * person, because the invoices and orders kept for the law point at it; `erased_at` says when, so
 * staff lists show it and the retention sweep knows whose kept documents to empty after six years.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("erased_at", "text").execute();
}
