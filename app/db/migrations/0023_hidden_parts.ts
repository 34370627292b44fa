import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Hidden parts: drafts, and parts staff take off sale without deleting them (a part on an open
 * order cannot be deleted). A hidden part is not public anywhere: the catalog, search, the home
 * page, the sitemap, the API and the cart treat it as absent. So the counts the database keeps for
 * those pages leave it out too, and this migration teaches their triggers so:
 *
 * - `item_count` (0005) and `categories.item_count` (0010) count public parts only;
 * - a spec row's `category_id` (0011), which the spec counts (0011, 0016) are kept by, is its
 *   part's category while the part is public and NULL while it is hidden, exactly as for a part
 *   with no category: hiding a part takes its specs out of every count, showing it puts them back;
 * - hiding or showing a part moves the catalog generation (0017) and the public version (0018),
 *   so kept answers and cached pages follow.
 *
 * `hidden` is 0 or 1 (neither database's boolean is the other's). The partial index holds only the
 * hidden parts, so a search leaves them out by reading a handful of ids.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("items")
    .addColumn("hidden", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`hidden in (0, 1)`),
    )
    .execute();
  await sql`create index items_hidden_idx on items (id) where hidden = 1`.execute(db);

  if (isPostgres) {
    // 0005: statement-level, over the transition tables.
    await sql`
      create or replace function item_count_after_insert() returns trigger language plpgsql as $$
      begin
        update item_count set items = items + (select count(*) from inserted_items where hidden = 0) where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create or replace function item_count_after_delete() returns trigger language plpgsql as $$
      begin
        update item_count set items = items - (select count(*) from deleted_items where hidden = 0) where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create function item_count_hidden() returns trigger language plpgsql as $$
      begin
        update item_count set items = items + (case when new.hidden = 1 then -1 else 1 end) where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger item_count_hidden after update of hidden on items
      for each row when (old.hidden is distinct from new.hidden) execute function item_count_hidden()`.execute(db);

    // 0010
    await sql`
      create or replace function category_item_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.category_id is not null and old.hidden = 0 then
          update categories set item_count = item_count - 1 where id = old.category_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.category_id is not null and new.hidden = 0 then
          update categories set item_count = item_count + 1 where id = new.category_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`drop trigger category_item_count_update on items`.execute(db);
    await sql`
      create trigger category_item_count_update after update of category_id, hidden on items
      for each row when (old.category_id is distinct from new.category_id or old.hidden is distinct from new.hidden)
      execute function category_item_count()`.execute(db);

    // 0011: a spec row's category is its part's public category.
    await sql`
      create or replace function item_specs_category() returns trigger language plpgsql as $$
      begin
        new.category_id := (select case when hidden = 1 then null else category_id end from items where id = new.item_id);
        return new;
      end $$`.execute(db);
    await sql`
      create or replace function item_specs_follow_category() returns trigger language plpgsql as $$
      begin
        update item_specs set category_id = case when new.hidden = 1 then null else new.category_id end
        where item_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`drop trigger item_specs_follow_category on items`.execute(db);
    await sql`
      create trigger item_specs_follow_category after update of category_id, hidden on items
      for each row when (old.category_id is distinct from new.category_id or old.hidden is distinct from new.hidden)
      execute function item_specs_follow_category()`.execute(db);

    // 0017 and 0018
    await sql`
      create trigger catalog_generation_items_hidden after update of hidden on items
      for each row when (old.hidden is distinct from new.hidden) execute function catalog_generation_bump()`.execute(
      db,
    );
    await sql`
      create constraint trigger public_version_items_hidden after update of hidden on items
      deferrable initially deferred for each row when (old.hidden is distinct from new.hidden)
      execute function public_version_bump()`.execute(db);
  } else {
    // 0005
    await sql`drop trigger item_count_insert`.execute(db);
    await sql`drop trigger item_count_delete`.execute(db);
    await sql`
      create trigger item_count_insert after insert on items when new.hidden = 0 begin
        update item_count set items = items + 1 where id = 1;
      end`.execute(db);
    await sql`
      create trigger item_count_delete after delete on items when old.hidden = 0 begin
        update item_count set items = items - 1 where id = 1;
      end`.execute(db);
    await sql`
      create trigger item_count_hidden after update of hidden on items when old.hidden is not new.hidden begin
        update item_count set items = items + (case when new.hidden = 1 then -1 else 1 end) where id = 1;
      end`.execute(db);

    // 0010
    for (const trigger of ["category_item_count_insert", "category_item_count_delete", "category_item_count_update"]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`
      create trigger category_item_count_insert after insert on items
      when new.category_id is not null and new.hidden = 0 begin
        update categories set item_count = item_count + 1 where id = new.category_id;
      end`.execute(db);
    await sql`
      create trigger category_item_count_delete after delete on items
      when old.category_id is not null and old.hidden = 0 begin
        update categories set item_count = item_count - 1 where id = old.category_id;
      end`.execute(db);
    await sql`
      create trigger category_item_count_update after update of category_id, hidden on items
      when old.category_id is not new.category_id or old.hidden is not new.hidden begin
        update categories set item_count = item_count - 1 where id = old.category_id and old.hidden = 0;
        update categories set item_count = item_count + 1 where id = new.category_id and new.hidden = 0;
      end`.execute(db);

    // 0011
    await sql`drop trigger item_specs_category`.execute(db);
    await sql`drop trigger item_specs_follow_category`.execute(db);
    await sql`
      create trigger item_specs_category after insert on item_specs begin
        update item_specs
        set category_id = (select case when hidden = 1 then null else category_id end from items where id = new.item_id)
        where id = new.id;
      end`.execute(db);
    await sql`
      create trigger item_specs_follow_category after update of category_id, hidden on items
      when old.category_id is not new.category_id or old.hidden is not new.hidden begin
        update item_specs set category_id = case when new.hidden = 1 then null else new.category_id end
        where item_id = new.id;
      end`.execute(db);

    // 0017 and 0018
    await sql`
      create trigger catalog_generation_items_hidden after update of hidden on items
      when old.hidden is not new.hidden begin
        update catalog_generation set generation = generation + 1 where id = 1;
      end`.execute(db);
    await sql`
      create trigger public_version_items_hidden after update of hidden on items
      when old.hidden is not new.hidden begin
        update public_version set changes = changes + 1 where shard = 0;
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Every part public again first, through the triggers above, so the counts are whole.
  await db.updateTable("items").set({ hidden: 0 }).where("hidden", "=", 1).execute();
  if (isPostgres) {
    await sql`drop trigger public_version_items_hidden on items`.execute(db);
    await sql`drop trigger catalog_generation_items_hidden on items`.execute(db);
    await sql`drop trigger item_specs_follow_category on items`.execute(db);
    await sql`
      create or replace function item_specs_follow_category() returns trigger language plpgsql as $$
      begin
        update item_specs set category_id = new.category_id where item_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger item_specs_follow_category after update of category_id on items
      for each row when (old.category_id is distinct from new.category_id)
      execute function item_specs_follow_category()`.execute(db);
    await sql`
      create or replace function item_specs_category() returns trigger language plpgsql as $$
      begin
        new.category_id := (select category_id from items where id = new.item_id);
        return new;
      end $$`.execute(db);
    await sql`drop trigger category_item_count_update on items`.execute(db);
    await sql`
      create or replace function category_item_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.category_id is not null then
          update categories set item_count = item_count - 1 where id = old.category_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.category_id is not null then
          update categories set item_count = item_count + 1 where id = new.category_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger category_item_count_update after update of category_id on items
      for each row when (old.category_id is distinct from new.category_id)
      execute function category_item_count()`.execute(db);
    await sql`drop trigger item_count_hidden on items`.execute(db);
    await sql`drop function item_count_hidden()`.execute(db);
    await sql`
      create or replace function item_count_after_insert() returns trigger language plpgsql as $$
      begin
        update item_count set items = items + (select count(*) from inserted_items) where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create or replace function item_count_after_delete() returns trigger language plpgsql as $$
      begin
        update item_count set items = items - (select count(*) from deleted_items) where id = 1;
        return null;
      end $$`.execute(db);
  } else {
    for (const trigger of [
      "public_version_items_hidden",
      "catalog_generation_items_hidden",
      "item_specs_follow_category",
      "item_specs_category",
      "category_item_count_insert",
      "category_item_count_delete",
      "category_item_count_update",
      "item_count_insert",
      "item_count_delete",
      "item_count_hidden",
    ]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`
      create trigger item_count_insert after insert on items begin
        update item_count set items = items + 1 where id = 1;
      end`.execute(db);
    await sql`
      create trigger item_count_delete after delete on items begin
        update item_count set items = items - 1 where id = 1;
      end`.execute(db);
    await sql`
      create trigger category_item_count_insert after insert on items when new.category_id is not null begin
        update categories set item_count = item_count + 1 where id = new.category_id;
      end`.execute(db);
    await sql`
      create trigger category_item_count_delete after delete on items when old.category_id is not null begin
        update categories set item_count = item_count - 1 where id = old.category_id;
      end`.execute(db);
    await sql`
      create trigger category_item_count_update after update of category_id on items
      when old.category_id is not new.category_id begin
        update categories set item_count = item_count - 1 where id = old.category_id;
        update categories set item_count = item_count + 1 where id = new.category_id;
      end`.execute(db);
    await sql`
      create trigger item_specs_category after insert on item_specs begin
        update item_specs set category_id = (select category_id from items where id = new.item_id)
        where id = new.id;
      end`.execute(db);
    await sql`
      create trigger item_specs_follow_category after update of category_id on items
      when old.category_id is not new.category_id begin
        update item_specs set category_id = new.category_id where item_id = new.id;
      end`.execute(db);
  }
  await sql`drop index items_hidden_idx`.execute(db);
  await db.schema.alterTable("items").dropColumn("hidden").execute();
}
