import { type Kysely, sql } from "kysely";

/**
 * Returns (issue 27): units of a shipped line that came back, each return credited by a credit note
 * (CN-2026-000007, a row of `invoices`). A line never has more back than it shipped.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("order_lines")
    .addColumn("returned", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`returned >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("order_lines").dropColumn("returned").execute();
}
