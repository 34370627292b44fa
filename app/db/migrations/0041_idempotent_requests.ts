import type { Kysely } from "kysely";

/**
 * An API order's `Idempotency-Key` is kept with a hash of the request it came with (issue 48): the
 * same request again answers the order it made, a different one under the same key is refused (422)
 * rather than answered with an order the client did not ask for. Orders placed before this, and the
 * checkout form's one-time tokens, have none.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("orders").addColumn("request_hash", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("orders").dropColumn("request_hash").execute();
}
