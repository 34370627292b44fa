import type { Kysely } from "kysely";

/**
 * How a company takes its e-invoices (issue 51): its Peppol participant identifier, "scheme:value" as
 * app/lib/peppol-id.ts reads it (null: none known), and whether the shipped mail carries each
 * invoice's e-invoice (XML) beside its PDF. Staff set both on the company's page.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("companies").addColumn("peppol_id", "text").execute();
  await db.schema
    .alterTable("companies")
    .addColumn("e_invoice_by_mail", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}
