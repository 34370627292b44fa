import { type Kysely, PostgresAdapter, sql } from "kysely";

import { splitOneLineAddress } from "~/lib/addresses";

/**
 * The address book (issue 27): an account's postal addresses in parts, one of them its default
 * billing address and one its default delivery address (flags the model keeps to one each). An
 * order keeps the delivery address it was sent to (`address`) and now the billing address too, each
 * as printed, so a later edit of the book never rewrites an order.
 *
 * The one-line address an account's profile held is moved in as its first address, default for
 * both, split into its parts (app/lib/addresses.ts) without dropping any of its text.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable("addresses")
    .addColumn("id", id, primaryId)
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("company", "text")
    .addColumn("line1", "text", (col) => col.notNull())
    .addColumn("line2", "text")
    .addColumn("town", "text", (col) => col.notNull())
    .addColumn("postcode", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull().defaultTo("GB"))
    .addColumn("phone", "text")
    .addColumn("default_billing", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`default_billing in (0, 1)`),
    )
    .addColumn("default_delivery", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`default_delivery in (0, 1)`),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("addresses_user_idx").on("addresses").columns(["user_id", "id"]).execute();
  await db.schema.alterTable("orders").addColumn("billing_address", "text").execute();

  const accounts = await db
    .selectFrom("users")
    .select(["id", "display_name", "company", "address", "phone", "created_at"])
    .where("address", "is not", null)
    .where(sql<boolean>`trim(address) <> ''`)
    .execute();
  for (let start = 0; start < accounts.length; start += 200) {
    await db
      .insertInto("addresses")
      .values(
        accounts.slice(start, start + 200).map((account) => ({
          user_id: account.id,
          name: account.display_name,
          company: account.company || null,
          ...splitOneLineAddress(account.address),
          country: "GB",
          phone: account.phone || null,
          default_billing: 1,
          default_delivery: 1,
          created_at: account.created_at,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("orders").dropColumn("billing_address").execute();
  await db.schema.dropTable("addresses").execute();
}
