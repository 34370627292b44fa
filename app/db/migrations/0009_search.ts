import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Catalog search with indexes (docs/decisions/0015-catalog-search.md).
 *
 * Words: names and descriptions, stemmed (so "gears" finds "gear" and "bear" finds "bearings" as a
 * prefix). SQLite: an FTS5 table over items with the porter stemmer, kept in step by triggers.
 * PostgreSQL: a stored, generated `tsvector` column with a GIN index, kept in step by the database.
 *
 * Part numbers: any run of their letters and digits ("sgm1" inside "gwsgm120"). SQLite: a second
 * FTS5 table with the trigram tokenizer over the part-number key; PostgreSQL: a pg_trgm GIN index on
 * the same key. Both answer a substring match from the index instead of reading every row.
 *
 * Sorting by price or name walks an index, as newest-first walks the primary key.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  if (isPostgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`
      alter table items add column search_vector tsvector
      generated always as (to_tsvector('english', name || ' ' || description)) stored`.execute(db);
    await sql`create index items_search_idx on items using gin (search_vector)`.execute(db);
    await sql`create index items_part_number_trgm_idx on items using gin (part_number_key gin_trgm_ops)`.execute(db);
  } else {
    await sql`
      create virtual table items_fts using fts5(
        name, description, content='items', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`
      create virtual table items_part_fts using fts5(
        part_number_key, content='items', content_rowid='id', tokenize='trigram'
      )`.execute(db);
    await sql`
      create trigger items_search_insert after insert on items begin
        insert into items_fts (rowid, name, description) values (new.id, new.name, new.description);
        insert into items_part_fts (rowid, part_number_key) values (new.id, new.part_number_key);
      end`.execute(db);
    await sql`
      create trigger items_search_delete after delete on items begin
        insert into items_fts (items_fts, rowid, name, description)
          values ('delete', old.id, old.name, old.description);
        insert into items_part_fts (items_part_fts, rowid, part_number_key)
          values ('delete', old.id, old.part_number_key);
      end`.execute(db);
    // Only when a searched column is written: an order's stock decrement leaves the index alone.
    await sql`
      create trigger items_search_update after update of name, description, part_number_key on items begin
        insert into items_fts (items_fts, rowid, name, description)
          values ('delete', old.id, old.name, old.description);
        insert into items_part_fts (items_part_fts, rowid, part_number_key)
          values ('delete', old.id, old.part_number_key);
        insert into items_fts (rowid, name, description) values (new.id, new.name, new.description);
        insert into items_part_fts (rowid, part_number_key) values (new.id, new.part_number_key);
      end`.execute(db);
    await sql`insert into items_fts (items_fts) values ('rebuild')`.execute(db);
    await sql`insert into items_part_fts (items_part_fts) values ('rebuild')`.execute(db);
  }

  await db.schema.createIndex("items_price_idx").on("items").columns(["price_cents", "id"]).execute();
  await db.schema.createIndex("items_name_idx").on("items").columns(["name", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex("items_name_idx").execute();
  await db.schema.dropIndex("items_price_idx").execute();
  if (isPostgres) {
    await sql`drop index items_part_number_trgm_idx`.execute(db);
    await sql`drop index items_search_idx`.execute(db);
    await sql`alter table items drop column search_vector`.execute(db);
  } else {
    for (const trigger of ["items_search_insert", "items_search_delete", "items_search_update"]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table items_part_fts`.execute(db);
    await sql`drop table items_fts`.execute(db);
  }
}
