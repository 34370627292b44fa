import { type Kysely, sql } from "kysely";

/**
 * A parts list belongs to a company only when it was made for it (issue 55, finding 4): `company_id`
 * is the company its keeper ordered for when the list was saved, or one it was shared with since;
 * null keeps it private. A list saved before its keeper joined a company stays private: reading
 * every list of every member had shown a new colleague's old private lists to the company.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("parts_lists")
    .addColumn("company_id", "integer", (col) => col.references("companies.id").onDelete("set null"))
    .execute();
  await sql`
    update parts_lists set company_id = (
      select company_members.company_id from company_members
      where company_members.user_id = parts_lists.user_id and company_members.created_at <= parts_lists.created_at)`.execute(
    db,
  );
  await db.schema.createIndex("parts_lists_company_idx").on("parts_lists").columns(["company_id", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("parts_lists_company_idx").execute();
  await db.schema.alterTable("parts_lists").dropColumn("company_id").execute();
}
