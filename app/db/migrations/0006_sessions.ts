import { type Kysely, sql } from "kysely";

/**
 * Sessions become rows (docs/decisions/0009-sessions-in-the-database.md): the cookie carries a random
 * token, the row is keyed by its SHA-256, and signing out deletes the row. The per-user session
 * version that used to end every cookie at once is replaced by deleting the user's rows.
 *
 * `email_verified_at` records when the account's email was proven: Google sign-in links only to a
 * proven email, and the mail issue's verification link sets it.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();

  await db.schema.alterTable("users").dropColumn("session_version").execute();
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  // Accounts made through Google before this migration came with Google's proof of the email.
  await sql`update users set email_verified_at = created_at where google_sub is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
  await db.schema
    .alterTable("users")
    .addColumn("session_version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.dropTable("sessions").execute();
}
