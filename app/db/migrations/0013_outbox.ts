import { type Kysely, PostgresAdapter } from "kysely";

/**
 * The outbox: every message the store sends is a row written in the same transaction as the change
 * that causes it (an order placed, an order shipped), so a message about a rolled-back order, or an
 * order without its message, cannot exist. Sender loops claim due rows, send them and mark them.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "bigserial" : "integer";
  await db.schema
    .createTable("outbox")
    .addColumn("id", id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text_body", "text", (col) => col.notNull())
    .addColumn("html_body", "text", (col) => col.notNull())
    // pending → sending (claimed until `claimed_until`) → sent, or back to pending with a later
    // `next_attempt_at`, or failed after the last attempt.
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("order_id", "integer", (col) => col.references("orders.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_order_id_idx").on("outbox").column("order_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("outbox").execute();
}
