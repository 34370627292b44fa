import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Uploaded files, in the database on both engines (docs/decisions/0027-files-in-the-database.md):
 *
 * - `media`: one row per distinct file, named by the sha256 of the bytes uploaded. A document keeps
 *   its bytes here; a picture keeps only what it was (type, size, width and height once turned
 *   upright): its original is not kept, as it carries the camera's metadata and nothing serves it.
 * - `media_variants`: a picture's derived files, a fixed set of widths (160, 320, 640, 1280, never
 *   wider than the picture) each in AVIF, WebP and JPEG, made once at upload.
 * - `item_pictures` (ordered, each with its alt text; the first is the part's main picture) and
 *   `item_documents` (a datasheet or a CAD file, with the name it is listed and downloaded under).
 *
 * A file that no part refers to any more is removed by the database itself: triggers on both link
 * tables delete the `media` row (and with it its variants) when its last link goes, however it goes:
 * a picture removed, a part deleted (its links go by cascade, which fires them on both engines),
 * links replaced. On PostgreSQL the trigger first locks the file's row, so an upload that is linking
 * the same file at that moment (it locks the row too: app/models/media/) is either seen,
 * and the file kept, or finds the file gone and stores it again.
 *
 * Both link tables are shown by anonymous pages (the product page, the cards), so their changes
 * move the public version as 0018's tables do, and the page cache follows.
 */
export async function up(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytes = isPostgres ? "bytea" : "blob";
  const primaryId = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const id = isPostgres ? "serial" : "integer";

  await db.schema
    .createTable("media")
    .addColumn("id", id, primaryId)
    .addColumn("hash", "text", (col) =>
      col
        .notNull()
        .unique()
        .check(sql`length(hash) = 64`),
    )
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('picture', 'document')`))
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("byte_size", "integer", (col) => col.notNull().check(sql`byte_size > 0`))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("bytes", bytes)
    .addColumn("created_at", "text", (col) => col.notNull())
    // A document is its bytes; a picture is its variants and keeps no bytes of its own.
    .addCheckConstraint(
      "media_bytes_by_kind",
      sql`(kind = 'document' and bytes is not null) or (kind = 'picture' and bytes is null and width > 0 and height > 0)`,
    )
    .execute();

  await db.schema
    .createTable("media_variants")
    .addColumn("media_id", "integer", (col) => col.notNull().references("media.id").onDelete("cascade"))
    .addColumn("variant", "text", (col) => col.notNull())
    .addColumn("format", "text", (col) => col.notNull().check(sql`format in ('avif', 'webp', 'jpeg')`))
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("byte_size", "integer", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("bytes", bytes, (col) => col.notNull())
    .addPrimaryKeyConstraint("media_variants_pk", ["media_id", "variant", "format"])
    .execute();

  // The links refer to a file without cascading: a file is removed by the triggers below, only
  // when nothing refers to it.
  await db.schema
    .createTable("item_pictures")
    .addColumn("id", id, primaryId)
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("media_id", "integer", (col) => col.notNull().references("media.id"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("alt", "text", (col) => col.notNull())
    .addUniqueConstraint("item_pictures_item_media", ["item_id", "media_id"])
    .execute();
  await db.schema.createIndex("item_pictures_item_idx").on("item_pictures").columns(["item_id", "position"]).execute();
  await db.schema.createIndex("item_pictures_media_idx").on("item_pictures").column("media_id").execute();

  await db.schema
    .createTable("item_documents")
    .addColumn("id", id, primaryId)
    .addColumn("item_id", "integer", (col) => col.notNull().references("items.id").onDelete("cascade"))
    .addColumn("media_id", "integer", (col) => col.notNull().references("media.id"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('datasheet', 'cad')`))
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addUniqueConstraint("item_documents_item_media", ["item_id", "media_id"])
    .execute();
  await db.schema
    .createIndex("item_documents_item_idx")
    .on("item_documents")
    .columns(["item_id", "position"])
    .execute();
  await db.schema.createIndex("item_documents_media_idx").on("item_documents").column("media_id").execute();

  const unreferenced = (mediaId: string) =>
    `not exists (select 1 from item_pictures where media_id = ${mediaId})
     and not exists (select 1 from item_documents where media_id = ${mediaId})`;
  const watched = { item_pictures: ["position", "alt"], item_documents: ["kind", "file_name", "position"] };

  if (isPostgres) {
    // Files are already compressed: stored as they are, and read in slices without inflating.
    await sql`alter table media alter column bytes set storage external`.execute(db);
    await sql`alter table media_variants alter column bytes set storage external`.execute(db);
    await sql
      .raw(
        `
      create function media_remove_unreferenced() returns trigger language plpgsql as $$
      begin
        -- Each statement reads what has committed by the time it runs: once the row is locked, an
        -- upload that linked the file meanwhile has committed and its link is seen.
        perform 1 from media where id = old.media_id for update;
        delete from media where id = old.media_id and ${unreferenced("old.media_id")};
        return null;
      end $$`,
      )
      .execute(db);
    for (const table of Object.keys(watched)) {
      await sql`create trigger ${sql.id(`${table}_remove_unreferenced`)}
        after delete or update of media_id on ${sql.table(table)} for each row
        execute function media_remove_unreferenced()`.execute(db);
    }
  } else {
    for (const table of Object.keys(watched)) {
      await sql`create trigger ${sql.id(`${table}_remove_unreferenced_delete`)} after delete on ${sql.table(table)}
        begin delete from media where id = old.media_id and ${sql.raw(unreferenced("old.media_id"))}; end`.execute(db);
      await sql`create trigger ${sql.id(`${table}_remove_unreferenced_update`)}
        after update of media_id on ${sql.table(table)} when old.media_id is not new.media_id
        begin delete from media where id = old.media_id and ${sql.raw(unreferenced("old.media_id"))}; end`.execute(db);
    }
  }

  // The public version (0018): pages anonymous visitors see show these links.
  for (const [table, columns] of Object.entries(watched)) {
    const changed = [...columns, "media_id", "item_id"]
      .map((column) => `old.${column} ${isPostgres ? "is distinct from" : "is not"} new.${column}`)
      .join(" or ");
    if (isPostgres) {
      const run = sql.raw("deferrable initially deferred for each row");
      await sql`create constraint trigger ${sql.id(`public_version_${table}_insert_delete`)}
        after insert or delete on ${sql.table(table)} ${run} execute function public_version_bump()`.execute(db);
      await sql`create constraint trigger ${sql.id(`public_version_${table}_update`)}
        after update on ${sql.table(table)} ${run} when (${sql.raw(changed)})
        execute function public_version_bump()`.execute(db);
    } else {
      const bump = sql.raw("update public_version set changes = changes + 1 where shard = 0");
      for (const event of ["insert", "delete"]) {
        await sql`create trigger ${sql.id(`public_version_${table}_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)} begin ${bump}; end`.execute(db);
      }
      await sql`create trigger ${sql.id(`public_version_${table}_update`)}
        after update on ${sql.table(table)} when ${sql.raw(changed)} begin ${bump}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Dropping the tables drops their triggers on both engines.
  for (const table of ["item_documents", "item_pictures", "media_variants", "media"]) {
    await db.schema.dropTable(table).execute();
  }
  if (isPostgres) await sql`drop function media_remove_unreferenced()`.execute(db);
}
