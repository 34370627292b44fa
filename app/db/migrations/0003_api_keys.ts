import { type Kysely, PostgresAdapter } from "kysely";

// API keys for machine clients (see docs/decisions/0006-api-on-the-page-models.md). Only a SHA-256
// of each key is stored; the short prefix is not secret and lets an admin tell keys apart.
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("api_keys")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    // A key acts as the admin who made it; it goes when that account goes.
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("prefix", "text", (col) => col.notNull())
    .addColumn("key_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("api_keys_user_id_idx").on("api_keys").column("user_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("api_keys").execute();
}
