import { type Kysely, PostgresAdapter, sql } from "kysely";

import { INVOICE_KINDS } from "~/lib/invoices";

/**
 * VAT invoices and credit notes (issue 27, docs/decisions/0034-invoices.md):
 *
 * - `invoices`: one per shipment, issued in the shipment's own transaction, with its number from
 *   `document_numbers` (INV-2026-000123, per year without gaps). What the document says is copied in
 *   when it is issued (buyer, addresses, the seller's VAT number, the tax rate, the totals), so a
 *   later change of address, price or setting never rewrites an issued invoice. Credit notes are rows
 *   of the same table (`kind`), pointing at the invoice they credit.
 * - `invoice_lines`: what it charges, each line copied from the order line it bills.
 * - `outbox.invoice_id`: the document a message carries as an attachment, made when it is sent.
 *
 * Issued documents are never deleted: their order and shipment cannot go while they exist.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const kinds = sql.join(INVOICE_KINDS.map((kind) => sql.lit(kind)));

  await db.schema
    .createTable("invoices")
    .addColumn("id", id, primaryId)
    .addColumn("number", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in (${kinds})`))
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id"))
    .addColumn("shipment_id", "integer", (col) => col.references("shipments.id"))
    .addColumn("credits_invoice_id", "integer", (col) => col.references("invoices.id"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("issued_at", "text", (col) => col.notNull())
    .addColumn("customer_name", "text", (col) => col.notNull())
    .addColumn("customer_email", "text", (col) => col.notNull())
    .addColumn("billing_address", "text", (col) => col.notNull())
    .addColumn("delivery_address", "text", (col) => col.notNull())
    .addColumn("po_number", "text")
    .addColumn("seller_vat_number", "text")
    .addColumn("tax_label", "text", (col) => col.notNull())
    .addColumn("tax_rate_basis_points", "integer", (col) => col.notNull())
    .addColumn("goods_cents", "bigint", (col) => col.notNull().check(sql`goods_cents >= 0`))
    .addColumn("shipping_cents", "bigint", (col) => col.notNull().check(sql`shipping_cents >= 0`))
    .addColumn("tax_cents", "bigint", (col) => col.notNull().check(sql`tax_cents >= 0`))
    .addColumn("total_cents", "bigint", (col) => col.notNull())
    .addCheckConstraint("invoices_total_adds_up", sql`total_cents = goods_cents + shipping_cents + tax_cents`)
    .execute();
  // One invoice per shipment.
  await db.schema.createIndex("invoices_shipment_id_idx").on("invoices").column("shipment_id").unique().execute();
  await db.schema.createIndex("invoices_order_id_idx").on("invoices").columns(["order_id", "id"]).execute();
  await db.schema.createIndex("invoices_user_id_idx").on("invoices").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("invoice_lines")
    .addColumn("invoice_id", "integer", (col) => col.notNull().references("invoices.id"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("order_line_id", "integer", (col) => col.references("order_lines.id"))
    .addColumn("part_number", "text", (col) => col.notNull())
    .addColumn("item_name", "text", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("unit_price_cents", "bigint", (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn("line_total_cents", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("invoice_lines_pk", ["invoice_id", "position"])
    .execute();

  await db.schema
    .alterTable("outbox")
    .addColumn("invoice_id", "integer", (col) => col.references("invoices.id"))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("outbox").dropColumn("invoice_id").execute();
  await db.schema.dropTable("invoice_lines").execute();
  await db.schema.dropTable("invoices").execute();
}
