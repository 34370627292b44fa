import { type Kysely, PostgresAdapter, sql } from "kysely";

import { SPEC_TEXT } from "./0020_search_documents";

/**
 * A second, narrower search index per part: only its name, part number and specs
 * (docs/decisions/0020-query-reader.md, "No engine score"). The search's better tiers look for words
 * there only; asked of the whole document with a column filter, a word every description holds
 * ("series") and another every part has somewhere are matched part by part to the end of both
 * posting lists before the filter finds that no name holds both. Here such a word has no list.
 *
 * SQLite: an FTS5 table like items_search with three of its columns, kept by its own triggers.
 * PostgreSQL: a column of search_documents that is the document's name and spec lexemes (weights A
 * and B), generated from it, with its own GIN index.
 */
export async function up(db: Kysely<any>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      alter table search_documents
      add column name_document tsvector generated always as (ts_filter(document, '{a,b}')) stored`.execute(db);
    await sql`create index search_documents_name_idx on search_documents using gin (name_document)`.execute(db);
    return;
  }
  await sql`
    create virtual table items_name_search using fts5(
      name, part, specs, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  const write = (id: string) => `
    insert into items_name_search (rowid, name, part, specs)
    select i.id, i.name, i.part_number || ' ' || i.part_number_key, ${SPEC_TEXT} from items i where i.id = ${id};`;
  const rewrite = (id: string) => `delete from items_name_search where rowid = ${id}; ${write(id)}`;
  for (const trigger of [
    `create trigger items_name_search_insert after insert on items begin ${write("new.id")} end`,
    `create trigger items_name_search_update after update of name, part_number on items begin ${rewrite("new.id")} end`,
    `create trigger items_name_search_delete after delete on items
      begin delete from items_name_search where rowid = old.id; end`,
    `create trigger item_specs_name_search_insert after insert on item_specs begin ${rewrite("new.item_id")} end`,
    `create trigger item_specs_name_search_update after update on item_specs begin
      ${rewrite("old.item_id")} ${rewrite("new.item_id")} end`,
    `create trigger item_specs_name_search_delete after delete on item_specs begin ${rewrite("old.item_id")} end`,
  ]) {
    await sql.raw(trigger).execute(db);
  }
  await sql
    .raw(
      `insert into items_name_search (rowid, name, part, specs)
       select i.id, i.name, i.part_number || ' ' || i.part_number_key, ${SPEC_TEXT} from items i`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table search_documents drop column name_document`.execute(db);
    return;
  }
  for (const trigger of [
    "items_name_search_insert",
    "items_name_search_update",
    "items_name_search_delete",
    "item_specs_name_search_insert",
    "item_specs_name_search_update",
    "item_specs_name_search_delete",
  ]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table items_name_search`.execute(db);
}
