import { type Kysely, PostgresAdapter, sql } from "kysely";

import { specKeySql } from "~/lib/search/spec-keys";
import { normalizeSpecValue } from "~/lib/search/spec-values";

/**
 * One search document per part (docs/decisions/0020-query-reader.md): its name, part number, specs
 * (name, value and unit, as "bore 8 mm", with a key per spec), category and description, so a query's words and
 * measurements may each be met in any of them and no single field has to hold every word. Words are
 * not stemmed: "Did you mean" needs the words as written, and the matcher reads plurals itself.
 *
 * SQLite: an FTS5 table that keeps no copy of the text (contentless, with deletes), with a column per
 * field so that ranking can weigh them. PostgreSQL: a tsvector per part, a weight per field (A name
 * and part number, B specs, C category, D description), split into tokens the way FTS5 splits them.
 * Both kept in step by triggers on parts, their specs and their category's name. They replace
 * migration 0009's word indexes (stemmed, name and description only), which are dropped; its
 * part-number trigram index stays.
 *
 * And the spec values search compares are normalised, number and unit apart, as every new write is:
 * "8mm" with no unit becomes "8" in mm, "0.8 cm" in mm becomes "8".
 */
export async function up(db: Kysely<any>) {
  await normalizeSpecValues(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresDocuments(db);
  else await sqliteDocuments(db);
}

const SPEC_ROWS_PER_READ = 2_000;

/**
 * Every spec value in its stored form. A value written with its unit and none recorded ("8mm") is
 * read in the unit the same spec has elsewhere in its category, its template's unit; a spec with no
 * unit anywhere stays text ("5M" is a belt profile, not five metres).
 */
async function normalizeSpecValues(db: Kysely<any>) {
  const templateUnits = new Map<string, string>();
  const units: { category_id: number | null; name: string; unit: string }[] = await db
    .selectFrom("item_specs")
    .select(["category_id", "name", "unit"])
    .select((eb) => eb.fn.countAll().as("uses"))
    .where("unit", "is not", null)
    .groupBy(["category_id", "name", "unit"])
    .orderBy("uses")
    .execute();
  // Ordered by use, so the most used unit of a spec is the one kept.
  for (const row of units) templateUnits.set(`${row.category_id}|${row.name}`, row.unit);
  let after = 0;
  for (;;) {
    const rows: { id: number; category_id: number | null; name: string; value: string; unit: string | null }[] =
      await db
        .selectFrom("item_specs")
        .select(["id", "category_id", "name", "value", "unit"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(SPEC_ROWS_PER_READ)
        .execute();
    for (const row of rows) {
      const unit = row.unit ?? templateUnits.get(`${row.category_id}|${row.name}`) ?? null;
      const normalized = normalizeSpecValue(row.value, { unit });
      if (normalized.ok && (normalized.value !== row.value || normalized.unit !== row.unit)) {
        await db
          .updateTable("item_specs")
          .set({ value: normalized.value, unit: normalized.unit })
          .where("id", "=", row.id)
          .execute();
      }
    }
    if (rows.length < SPEC_ROWS_PER_READ) return;
    after = rows[rows.length - 1].id;
  }
}

// The document's fields, as SQL over `items` (aliased i) and its category (c). SPEC_TEXT is read by
// migration 0021 too: both indexes must write a part's specs alike.
// Each spec is written "bore znborezv8zumm 8 mm zv8zumm": its words, for a word search, and its
// keys (app/lib/search/spec-keys.ts), one token each, for a measurement. The name's key stands
// between the name and the value so that the phrase "module 1" is never read from Module 1.5's
// "module 1 5", and the value's key ends each spec so that no phrase runs into the next.
const SPEC_WORDS_AND_KEYS = `s.name || ' ' || ${specKeySql("s.name", "s.value", "s.unit")} || ' ' || s.value
  || coalesce(' ' || s.unit, '') || ' ' || ${specKeySql(null, "s.value", "s.unit")}`;
export const SPEC_TEXT = `coalesce((select group_concat(${SPEC_WORDS_AND_KEYS}, ' ') from item_specs s where s.item_id = i.id), '')`;

// Migration 0009's triggers kept both of its tables; only the part-number one is kept now.
const PART_NUMBER_TRIGGERS = [
  `create trigger items_part_search_insert after insert on items begin
    insert into items_part_fts (rowid, part_number_key) values (new.id, new.part_number_key); end`,
  `create trigger items_part_search_delete after delete on items begin
    insert into items_part_fts (items_part_fts, rowid, part_number_key) values ('delete', old.id, old.part_number_key); end`,
  `create trigger items_part_search_update after update of part_number_key on items begin
    insert into items_part_fts (items_part_fts, rowid, part_number_key) values ('delete', old.id, old.part_number_key);
    insert into items_part_fts (rowid, part_number_key) values (new.id, new.part_number_key); end`,
];
const WORD_TRIGGERS = ["items_search_insert", "items_search_delete", "items_search_update"];

async function sqliteDocuments(db: Kysely<any>) {
  for (const trigger of WORD_TRIGGERS) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table items_fts`.execute(db);
  for (const trigger of PART_NUMBER_TRIGGERS) await sql.raw(trigger).execute(db);
  await sql`
    create virtual table items_search using fts5(
      name, part, specs, category, description,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  const write = (id: string) => `
    insert into items_search (rowid, name, part, specs, category, description)
    select i.id, i.name, i.part_number || ' ' || i.part_number_key, ${SPEC_TEXT}, coalesce(c.name, ''), i.description
    from items i left join categories c on c.id = i.category_id where i.id = ${id};`;
  const rewrite = (id: string) => `delete from items_search where rowid = ${id}; ${write(id)}`;
  const triggers = [
    `create trigger items_search_document_insert after insert on items begin ${write("new.id")} end`,
    `create trigger items_search_document_update after update of name, description, part_number, category_id on items
      begin ${rewrite("new.id")} end`,
    `create trigger items_search_document_delete after delete on items
      begin delete from items_search where rowid = old.id; end`,
    `create trigger item_specs_search_insert after insert on item_specs begin ${rewrite("new.item_id")} end`,
    `create trigger item_specs_search_update after update on item_specs begin
      ${rewrite("old.item_id")} ${rewrite("new.item_id")} end`,
    `create trigger item_specs_search_delete after delete on item_specs begin ${rewrite("old.item_id")} end`,
    `create trigger categories_search_rename after update of name on categories begin
      delete from items_search where rowid in (select id from items where category_id = new.id);
      insert into items_search (rowid, name, part, specs, category, description)
      select i.id, i.name, i.part_number || ' ' || i.part_number_key, ${SPEC_TEXT}, new.name, i.description
      from items i where i.category_id = new.id;
    end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await sql
    .raw(
      `
    insert into items_search (rowid, name, part, specs, category, description)
    select i.id, i.name, i.part_number || ' ' || i.part_number_key, ${SPEC_TEXT}, coalesce(c.name, ''), i.description
    from items i left join categories c on c.id = i.category_id`,
    )
    .execute(db);
}

async function postgresDocuments(db: Kysely<any>) {
  await sql`drop index items_search_idx`.execute(db);
  await sql`alter table items drop column search_vector`.execute(db);
  await sql`
    create table search_documents (
      item_id integer primary key references items(id) on delete cascade,
      document tsvector not null
    )`.execute(db);
  await sql`create index search_documents_idx on search_documents using gin (document)`.execute(db);
  // FTS5's unicode61 splits at anything but letters and digits; PostgreSQL's parser keeps "0.5" and
  // "6204-2rs" whole, so the text is split the same way first.
  await sql`
    create function search_tokens(text) returns text language sql immutable as $$
      select regexp_replace(lower($1), '[^[:alnum:]]+', ' ', 'g')
    $$`.execute(db);
  await sql
    .raw(
      `
    create function search_document_of(part_id integer) returns void language sql as $$
      insert into search_documents (item_id, document)
      select i.id,
        setweight(to_tsvector('simple', search_tokens(i.name || ' ' || i.part_number || ' ' || i.part_number_key)), 'A')
        || setweight(to_tsvector('simple', search_tokens(coalesce((select string_agg(${SPEC_WORDS_AND_KEYS}, ' ')
             from item_specs s where s.item_id = i.id), ''))), 'B')
        || setweight(to_tsvector('simple', search_tokens(coalesce(c.name, ''))), 'C')
        || setweight(to_tsvector('simple', search_tokens(i.description)), 'D')
      from items i left join categories c on c.id = i.category_id where i.id = part_id
      on conflict (item_id) do update set document = excluded.document
    $$`,
    )
    .execute(db);
  await sql`
    create function search_document_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'items' then
        perform search_document_of(new.id);
      elsif tg_table_name = 'categories' then
        perform search_document_of(i.id) from items i where i.category_id = new.id;
      else
        if tg_op in ('UPDATE', 'DELETE') then perform search_document_of(old.item_id); end if;
        if tg_op in ('INSERT', 'UPDATE') then perform search_document_of(new.item_id); end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger items_search_document after insert or update of name, description, part_number, category_id
    on items for each row execute function search_document_change()`.execute(db);
  await sql`
    create trigger item_specs_search_document after insert or update or delete on item_specs
    for each row execute function search_document_change()`.execute(db);
  await sql`
    create trigger categories_search_document after update of name on categories
    for each row execute function search_document_change()`.execute(db);
  await sql`select search_document_of(id) from items`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger categories_search_document on categories`.execute(db);
    await sql`drop trigger item_specs_search_document on item_specs`.execute(db);
    await sql`drop trigger items_search_document on items`.execute(db);
    await sql`drop function search_document_change()`.execute(db);
    await sql`drop function search_document_of(integer)`.execute(db);
    await sql`drop function search_tokens(text)`.execute(db);
    await sql`drop table search_documents`.execute(db);
    await sql`
      alter table items add column search_vector tsvector
      generated always as (to_tsvector('english', name || ' ' || description)) stored`.execute(db);
    await sql`create index items_search_idx on items using gin (search_vector)`.execute(db);
  } else {
    for (const trigger of [
      "items_search_document_insert",
      "items_search_document_update",
      "items_search_document_delete",
      "item_specs_search_insert",
      "item_specs_search_update",
      "item_specs_search_delete",
      "categories_search_rename",
    ]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table items_search`.execute(db);
    for (const trigger of ["items_part_search_insert", "items_part_search_delete", "items_part_search_update"]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    // Migration 0009's word index, and its triggers for both of its tables, as it made them.
    await sql`
      create virtual table items_fts using fts5(
        name, description, content='items', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`insert into items_fts (items_fts) values ('rebuild')`.execute(db);
    const both = (ref: string) => `
      insert into items_fts (rowid, name, description) values (${ref}.id, ${ref}.name, ${ref}.description);
      insert into items_part_fts (rowid, part_number_key) values (${ref}.id, ${ref}.part_number_key);`;
    const removeBoth = `
      insert into items_fts (items_fts, rowid, name, description) values ('delete', old.id, old.name, old.description);
      insert into items_part_fts (items_part_fts, rowid, part_number_key) values ('delete', old.id, old.part_number_key);`;
    await sql.raw(`create trigger items_search_insert after insert on items begin ${both("new")} end`).execute(db);
    await sql.raw(`create trigger items_search_delete after delete on items begin ${removeBoth} end`).execute(db);
    await sql
      .raw(
        `create trigger items_search_update after update of name, description, part_number_key on items
         begin ${removeBoth} ${both("new")} end`,
      )
      .execute(db);
  }
}
