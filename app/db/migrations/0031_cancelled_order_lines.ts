import { type Kysely, sql } from "kysely";

/**
 * A line of an open order can be cancelled on its own (issue 26): what was allocated and not shipped
 * goes back to stock, what waited waits no more, and `cancelled` records how many units of the line
 * were given up, so that allocated + waiting + cancelled = quantity for every line, open or not. The
 * lines of orders cancelled before this migration gave up whatever they had not shipped.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("order_lines")
    .addColumn("cancelled", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`cancelled >= 0`),
    )
    .execute();
  await sql`update order_lines set cancelled = quantity - allocated - waiting
    where quantity > allocated + waiting`.execute(db);
}
