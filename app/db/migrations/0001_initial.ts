import { type Kysely, PostgresAdapter, sql } from "kysely";

// Migrations are frozen history: they take Kysely<any> so later schema changes never break them.
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Money columns are bigint: an order total in cents passes PostgreSQL's 32-bit integer at $21M.
  const id = isPostgres ? ("serial" as const) : ("integer" as const);

  await db.schema
    .createTable("users")
    .addColumn("id", id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("display_name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text")
    .addColumn("google_sub", "text", (col) => col.unique())
    .addColumn("role", "text", (col) =>
      col
        .notNull()
        .defaultTo("user")
        .check(sql`role in ('user', 'admin')`),
    )
    .addColumn("phone", "text")
    .addColumn("address", "text")
    .addColumn("company", "text")
    .addColumn("session_version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("items")
    .addColumn("id", id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("img", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("price_cents", "bigint", (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity >= 0`))
    .addColumn("supplier_name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("rating", "integer", (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn("review", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("reviews_user_id_idx").on("reviews").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // Orders outlive their item: the name and price are copied in, the link is cleared on delete.
    .addColumn("item_id", "integer", (col) => col.references("items.id").onDelete("set null"))
    .addColumn("item_name", "text", (col) => col.notNull())
    .addColumn("unit_price_cents", "bigint", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("total_cents", "bigint", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'shipped', 'delivered', 'cancelled')`),
    )
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("orders_user_id_idx").on("orders").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "id"]).execute();
  await db.schema.createIndex("orders_item_id_idx").on("orders").column("item_id").execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["orders", "reviews", "items", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
