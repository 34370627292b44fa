import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

/**
 * One-time tokens sent by email: a password reset, a proof that an email address is its owner's
 * (and, with `new_email`, a change of address that takes effect when proven). Only a SHA-256 hash
 * of each token is stored, so a copy of the database cannot be used to reset anyone's password.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("email_tokens")
    .addColumn("id", isPostgres ? "bigserial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("new_email", "text")
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("email_tokens_user_id_idx").on("email_tokens").column("user_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("email_tokens").execute();
}
