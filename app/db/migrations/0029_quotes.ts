import { type Kysely, PostgresAdapter, sql } from "kysely";

import { STORED_QUOTE_STATUSES } from "~/lib/quotes";

/**
 * Quotes (issue 26, docs/decisions/0030-quotes-numbered-and-accepted-once.md):
 *
 * - `document_numbers`: the last number given per kind of document and year (quotes now, invoices
 *   next), taken inside the transaction that writes the document, so a number is given once and a
 *   rolled-back document gives its number back: no gaps.
 * - `quotes`: a buyer's request and the offer staff make for it: its human number (Q-2026-00042), its
 *   status, the buyer's note, the date it is valid until (a calendar date in the store's zone), a
 *   version that every change moves on (an acceptance is made from the version it priced), and the
 *   order it became.
 * - `quote_lines`: the cart's lines as they were asked for, each with the part number, name and the
 *   price the cart showed (the list price) copied, and the unit price staff offer.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const statuses = sql.join(STORED_QUOTE_STATUSES.map((status) => sql.lit(status)));

  await db.schema
    .createTable("document_numbers")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("year", "integer", (col) => col.notNull())
    .addColumn("last", "integer", (col) => col.notNull().check(sql`last > 0`))
    .addPrimaryKeyConstraint("document_numbers_pk", ["kind", "year"])
    .execute();

  await db.schema
    .createTable("quotes")
    .addColumn("id", id, primaryId)
    .addColumn("number", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in (${statuses})`))
    .addColumn("note", "text")
    .addColumn("valid_until", "text")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("order_id", "integer", (col) => col.references("orders.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .addColumn("accepted_at", "text")
    // A quote that was sent has a date it is valid until.
    .addCheckConstraint(
      "quotes_offer_has_a_date",
      sql`valid_until is not null or status in ('requested', 'declined', 'withdrawn')`,
    )
    .execute();
  await db.schema.createIndex("quotes_user_id_idx").on("quotes").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("quotes_status_idx").on("quotes").columns(["status", "id"]).execute();

  await db.schema
    .createTable("quote_lines")
    .addColumn("id", id, primaryId)
    .addColumn("quote_id", "integer", (col) => col.notNull().references("quotes.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    // A line outlives its part, as an order line does: the number, name and price are copied in.
    .addColumn("item_id", "integer", (col) => col.references("items.id").onDelete("set null"))
    .addColumn("part_number", "text", (col) => col.notNull())
    .addColumn("item_name", "text", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("list_price_cents", "bigint", (col) => col.notNull().check(sql`list_price_cents >= 0`))
    .addColumn("quoted_price_cents", "bigint", (col) => col.check(sql`quoted_price_cents > 0`))
    .execute();
  await db.schema.createIndex("quote_lines_quote_id_idx").on("quote_lines").columns(["quote_id", "position"]).execute();
  await db.schema.createIndex("quote_lines_item_id_idx").on("quote_lines").column("item_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("quote_lines").execute();
  await db.schema.dropTable("quotes").execute();
  await db.schema.dropTable("document_numbers").execute();
}
