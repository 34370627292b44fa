import { type Kysely, sql } from "kysely";

/**
 * The store behind the sign-in and sign-up rate limits (app/web/rate-limit.server.ts), in the
 * application's own database so every app process shares one count. The columns are the ones
 * rate-limiter-flexible's SQLite and PostgreSQL stores expect.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(255)", (col) => col.primaryKey())
    .addColumn("points", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
  await sql`create index rate_limits_expire_idx on rate_limits (expire)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("rate_limits").execute();
}
