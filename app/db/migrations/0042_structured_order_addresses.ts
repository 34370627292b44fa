import type { Kysely } from "kysely";

/**
 * An order's addresses in their parts (issue 48): the one-line text it always kept, and now the
 * delivery and billing address as name, company, lines, town, postcode and country (JSON), when the
 * buyer gave them so (the address book, or checkout's own fields). An invoice copies the address it
 * bills in parts too: an e-invoice must name the buyer's country and postcode. Orders from before,
 * and the API's one-line addresses, keep the text only.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("orders").addColumn("delivery_parts", "text").execute();
  await db.schema.alterTable("orders").addColumn("billing_parts", "text").execute();
  await db.schema.alterTable("invoices").addColumn("billing_parts", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("invoices").dropColumn("billing_parts").execute();
  await db.schema.alterTable("orders").dropColumn("billing_parts").execute();
  await db.schema.alterTable("orders").dropColumn("delivery_parts").execute();
}
