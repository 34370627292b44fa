import type { Kysely } from "kysely";

/**
 * A company's Peppol participant identifier (issue 51), "scheme:value" as app/lib/peppol-id.ts reads
 * it: where its e-invoices are delivered. Staff set it on the company's page; null: none known.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("companies").addColumn("peppol_id", "text").execute();
}
