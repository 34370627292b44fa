import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Buying from inside a customer's procurement system (issue 52, docs/decisions/0051-punchout.md):
 *
 * - `punchout_connections`: one per company, kept by staff: the protocol (cXML or SAP OCI), the
 *   credential the system sends (domain and identity), the shared secret's SHA-256 (it is random and
 *   shown once), the system's name for the pages, the member a session acts as when the request names
 *   no member, and whether an unknown requester's email makes a new member.
 * - `punchout_sessions`: one per setup request: whom it acts as, its one-time start link (hashed,
 *   valid minutes), the BuyerCookie and the address the cart goes back to, and when it was transferred.
 * - `punchout_transferred_lines`: what a session sent back, at the price it said: a purchase order
 *   that names the session (the line's SupplierPartAuxiliaryID) is charged that price.
 * - `punchout_purchase_orders`: each purchase order taken, by its orderID and by its payloadID, with a
 *   hash of its content: the same order sent again answers the first; other content is refused.
 * - `sessions.punchout_session_id`: a browser session that is a punchout session.
 * - `categories.unspsc`: the category's UNSPSC class, which procurement systems file lines under; the
 *   shop's own categories get theirs here (and from the seed on a new database).
 */
/** The demo catalog's categories and their UNSPSC classes (scripts/seed/catalog-data.ts holds the same). */
const CATEGORY_UNSPSC: Record<string, string> = {
  gears: "31171700",
  bearings: "31171500",
  fasteners: "31160000",
  couplings: "31163000",
};

export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable("punchout_connections")
    .addColumn("id", id, primaryId)
    .addColumn("company_id", "integer", (col) => col.notNull().unique().references("companies.id").onDelete("cascade"))
    .addColumn("protocol", "text", (col) => col.notNull().check(sql`protocol in ('cxml', 'oci')`))
    .addColumn("domain", "text", (col) => col.notNull())
    .addColumn("identity", "text", (col) => col.notNull())
    .addColumn("system_name", "text", (col) => col.notNull())
    .addColumn("secret_hash", "text", (col) => col.notNull())
    .addColumn("acting_user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("members_from_email", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("punchout_connections_credential_idx")
    .on("punchout_connections")
    .columns(["protocol", "domain", "identity"])
    .unique()
    .execute();

  await db.schema
    .createTable("punchout_sessions")
    .addColumn("id", id, primaryId)
    .addColumn("connection_id", "integer", (col) =>
      col.notNull().references("punchout_connections.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("start_token_hash", "text", (col) => col.notNull().unique())
    .addColumn("start_expires_at", "text", (col) => col.notNull())
    .addColumn("started_at", "text")
    .addColumn("operation", "text", (col) => col.notNull())
    .addColumn("buyer_cookie", "text", (col) => col.notNull())
    .addColumn("return_url", "text", (col) => col.notNull())
    .addColumn("return_target", "text")
    .addColumn("transferred_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("punchout_transferred_lines")
    .addColumn("punchout_session_id", "integer", (col) =>
      col.notNull().references("punchout_sessions.id").onDelete("cascade"),
    )
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (col) => col.notNull())
    .addColumn("unit_price_cents", "bigint", (col) => col.notNull())
    .addColumn("price_list_id", "integer")
    .addColumn("price_list_name", "text")
    .addColumn("price_rule", "text")
    .addPrimaryKeyConstraint("punchout_transferred_lines_pk", ["punchout_session_id", "item_id"])
    .execute();

  await db.schema
    .createTable("punchout_purchase_orders")
    .addColumn("connection_id", "integer", (col) =>
      col.notNull().references("punchout_connections.id").onDelete("cascade"),
    )
    .addColumn("order_ref", "text", (col) => col.notNull())
    .addColumn("payload_id", "text", (col) => col.notNull())
    .addColumn("request_hash", "text", (col) => col.notNull())
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("punchout_purchase_orders_pk", ["connection_id", "order_ref"])
    .execute();
  await db.schema
    .createIndex("punchout_purchase_orders_payload_idx")
    .on("punchout_purchase_orders")
    .columns(["connection_id", "payload_id"])
    .unique()
    .execute();

  await db.schema.alterTable("categories").addColumn("unspsc", "text").execute();
  for (const [slug, unspsc] of Object.entries(CATEGORY_UNSPSC)) {
    await db.updateTable("categories").set({ unspsc }).where("slug", "=", slug).execute();
  }

  await db.schema
    .alterTable("sessions")
    .addColumn("punchout_session_id", "integer", (col) => col.references("punchout_sessions.id").onDelete("cascade"))
    .execute();
}
