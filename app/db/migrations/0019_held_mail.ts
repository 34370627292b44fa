import type { Kysely } from "kysely";

/**
 * Mail to a customer's own address names the account it is for (`user_id`; null for the shop's own
 * address and for the one-time links that prove an address or reset a password). While that account
 * has not proven its address the message waits with status `held`, and proving the address releases
 * it in the same transaction. Without the account on the row, a stranger who later proves the same
 * address would be sent what an earlier account queued for it.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("outbox")
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("outbox_user_id_idx").on("outbox").column("user_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("outbox_user_id_idx").execute();
  await db.schema.alterTable("outbox").dropColumn("user_id").execute();
}
