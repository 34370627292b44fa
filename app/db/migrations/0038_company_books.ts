import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * What a company shares (issue 27): an address belongs to an account's book or to its company's
 * (`company_id`, kept by the company's admins and offered to every member at checkout), never both;
 * a quote remembers the company it was asked for, so every member reads it, as they read the
 * company's orders.
 *
 * SQLite cannot drop a NOT NULL, so there the address table is rebuilt (renamed, created, copied,
 * dropped, ids kept); PostgreSQL alters it in place.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await db.schema
      .alterTable("addresses")
      .alterColumn("user_id", (col) => col.dropNotNull())
      .execute();
    await db.schema
      .alterTable("addresses")
      .addColumn("company_id", "integer", (col) => col.references("companies.id").onDelete("cascade"))
      .execute();
    await sql`alter table addresses add constraint addresses_one_owner check ((user_id is null) <> (company_id is null))`.execute(
      db,
    );
  } else {
    // One transaction: a rebuild that fails midway leaves the table as it was.
    await db.transaction().execute(async (trx) => {
      await trx.schema.dropIndex("addresses_user_idx").execute();
      await sql`alter table addresses rename to addresses_before_0038`.execute(trx);
      await trx.schema
        .createTable("addresses")
        .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
        .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("cascade"))
        .addColumn("company_id", "integer", (col) => col.references("companies.id").onDelete("cascade"))
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
        .addCheckConstraint("addresses_one_owner", sql`(user_id is null) <> (company_id is null)`)
        .execute();
      await sql`
        insert into addresses (id, user_id, name, company, line1, line2, town, postcode, country, phone,
          default_billing, default_delivery, created_at)
        select id, user_id, name, company, line1, line2, town, postcode, country, phone,
          default_billing, default_delivery, created_at
        from addresses_before_0038`.execute(trx);
      await sql`drop table addresses_before_0038`.execute(trx);
      await trx.schema.createIndex("addresses_user_idx").on("addresses").columns(["user_id", "id"]).execute();
    });
  }
  await db.schema.createIndex("addresses_company_idx").on("addresses").columns(["company_id", "id"]).execute();

  await db.schema
    .alterTable("quotes")
    .addColumn("company_id", "integer", (col) => col.references("companies.id"))
    .execute();
  // A quote asked for by a member since they joined belongs to their company; one asked for before
  // stays their own.
  await sql`
    update quotes set company_id = (
      select company_members.company_id from company_members
      where company_members.user_id = quotes.user_id and company_members.created_at <= quotes.created_at)`.execute(db);
  await db.schema.createIndex("quotes_company_idx").on("quotes").columns(["company_id", "id"]).execute();
}

/** Back to books of accounts only: the companies' addresses are dropped. */
export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("quotes_company_idx").execute();
  await db.schema.alterTable("quotes").dropColumn("company_id").execute();
  await db.schema.dropIndex("addresses_company_idx").execute();
  await db.deleteFrom("addresses").where("company_id", "is not", null).execute();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`alter table addresses drop constraint addresses_one_owner`.execute(db);
    await db.schema.alterTable("addresses").dropColumn("company_id").execute();
    await db.schema
      .alterTable("addresses")
      .alterColumn("user_id", (col) => col.setNotNull())
      .execute();
  } else {
    await db.schema.dropIndex("addresses_user_idx").execute();
    await sql`alter table addresses rename to addresses_after_0038`.execute(db);
    await sql`
      create table addresses (
        id integer primary key autoincrement,
        user_id integer not null references users (id) on delete cascade,
        name text not null, company text, line1 text not null, line2 text, town text not null,
        postcode text not null, country text not null default 'GB', phone text,
        default_billing integer not null default 0 check (default_billing in (0, 1)),
        default_delivery integer not null default 0 check (default_delivery in (0, 1)),
        created_at text not null)`.execute(db);
    await sql`
      insert into addresses (id, user_id, name, company, line1, line2, town, postcode, country, phone,
        default_billing, default_delivery, created_at)
      select id, user_id, name, company, line1, line2, town, postcode, country, phone,
        default_billing, default_delivery, created_at
      from addresses_after_0038`.execute(db);
    await sql`drop table addresses_after_0038`.execute(db);
    await db.schema.createIndex("addresses_user_idx").on("addresses").columns(["user_id", "id"]).execute();
  }
}
