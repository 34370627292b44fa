import { type Kysely, PostgresAdapter, sql } from "kysely";

import { COMPANY_ROLES, PAYMENT_METHODS } from "~/lib/companies";

/**
 * Company accounts (issue 27, docs/decisions/0035-companies.md):
 *
 * - `companies`: the firm, its VAT number, and its trade terms: `payment_terms_days` (null: not on
 *   account, so it pays against pro-forma invoices) and `credit_limit_cents`.
 * - `company_members`: an account belongs to at most one company, with a role and its own spending
 *   limits per order and per calendar month (null: none).
 * - `company_invitations`: an emailed link (the SHA-256 of its token kept) that makes its holder a
 *   member once they sign in with the invited address.
 * - `orders`: the company an order was placed for, how it is paid, when the payment was recorded,
 *   and for an order awaiting approval until when its stock stays reserved.
 * - `invoices`: the company billed and its VAT number (copied when issued, as the rest is), the day
 *   an invoice on account falls due, and when it was paid.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const roles = sql.join(COMPANY_ROLES.map((role) => sql.lit(role)));
  const methods = sql.join(PAYMENT_METHODS.map((method) => sql.lit(method)));

  await db.schema
    .createTable("companies")
    .addColumn("id", id, primaryId)
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("vat_number", "text")
    .addColumn("payment_terms_days", "integer", (col) => col.check(sql`payment_terms_days between 1 and 120`))
    .addColumn("credit_limit_cents", "bigint", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`credit_limit_cents >= 0`),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("company_members")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in (${roles})`))
    .addColumn("order_limit_cents", "bigint", (col) => col.check(sql`order_limit_cents >= 0`))
    .addColumn("monthly_limit_cents", "bigint", (col) => col.check(sql`monthly_limit_cents >= 0`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("company_members_company_idx").on("company_members").column("company_id").execute();

  await db.schema
    .createTable("company_invitations")
    .addColumn("id", id, primaryId)
    .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in (${roles})`))
    .addColumn("order_limit_cents", "bigint")
    .addColumn("monthly_limit_cents", "bigint")
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("invited_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("company_invitations_company_idx")
    .on("company_invitations")
    .column("company_id")
    .execute();

  await db.schema
    .alterTable("orders")
    .addColumn("company_id", "integer", (col) => col.references("companies.id"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("payment_method", "text", (col) => col.check(sql`payment_method in (${methods})`))
    .execute();
  await db.schema.alterTable("orders").addColumn("paid_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("approval_expires_at", "text").execute();
  await db.schema.createIndex("orders_company_idx").on("orders").columns(["company_id", "id"]).execute();
  await db.schema
    .createIndex("orders_awaiting_approval_idx")
    .on("orders")
    .column("approval_expires_at")
    .where(sql.ref("approval_expires_at"), "is not", null)
    .execute();

  await db.schema.alterTable("invoices").addColumn("buyer_company", "text").execute();
  await db.schema.alterTable("invoices").addColumn("buyer_vat_number", "text").execute();
  await db.schema.alterTable("invoices").addColumn("due_on", "text").execute();
  await db.schema.alterTable("invoices").addColumn("paid_at", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("invoices").dropColumn("paid_at").execute();
  await db.schema.alterTable("invoices").dropColumn("due_on").execute();
  await db.schema.alterTable("invoices").dropColumn("buyer_vat_number").execute();
  await db.schema.alterTable("invoices").dropColumn("buyer_company").execute();
  await db.schema.dropIndex("orders_awaiting_approval_idx").execute();
  await db.schema.dropIndex("orders_company_idx").execute();
  for (const column of ["approval_expires_at", "paid_at", "payment_method", "company_id"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.dropTable("company_invitations").execute();
  await db.schema.dropTable("company_members").execute();
  await db.schema.dropTable("companies").execute();
}
