import type { Kysely } from "kysely";

/**
 * A covering index for the step from a search's matches to their category and stock: counting the
 * parts a common word finds per category (12,000 of 100,000) read each match's whole row, and the
 * rows hold descriptions; the index holds the three columns the counts need (10.5 → 4.7 ms for that
 * query, measured in process). Both databases answer `id in (…)` from it without reading the table.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("items_facet_idx").on("items").columns(["id", "category_id", "quantity"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("items_facet_idx").execute();
}
