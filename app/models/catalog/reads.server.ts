// The catalog's plain reads, with no search or filter: its categories and size, the sitemap's
// pages, and the details the JSON API adds to a part.
import { db, type DbOptions } from "~/db/db.server";
import type { PictureView } from "~/lib/media";
import { type ItemDetail, type SpecInput, specsOfParts } from "~/models/item";
import { documentsOf, type DocumentView, picturesOf } from "~/models/media-reads.server";

/** The number of parts, from the row the database keeps exact (migration 0005). */
export async function countProducts({ executor = db }: DbOptions = {}) {
  const row = await executor.selectFrom("item_count").select("items").where("id", "=", 1).executeTakeFirst();
  return Number(row?.items ?? 0);
}

/** Every category, by name, with how many parts it holds (kept by triggers, migration 0010). */
export function listCategories({ executor = db }: DbOptions = {}) {
  return executor.selectFrom("categories").select(["id", "slug", "name", "item_count"]).orderBy("name").execute();
}

/** Every part's id and last change, in id order, a slice at a time (the sitemap's pages). */
export function listProductsForSitemap(
  { offset, limit }: { offset: number; limit: number },
  { executor = db }: DbOptions = {},
) {
  return executor
    .selectFrom("items")
    .select(["id", "created_at"])
    .where("hidden", "=", 0)
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A part with its category's slug, its specification, pictures and documents, as the JSON API shows it. */
export type CatalogItem = ItemDetail & {
  category_slug: string | null;
  specs: SpecInput[];
  pictures: PictureView[];
  documents: DocumentView[];
};

/** Adds category slugs, specs, pictures and documents to a list of parts: four queries, whatever its length. */
export async function withCatalogDetails(
  items: ItemDetail[],
  { executor = db }: DbOptions = {},
): Promise<CatalogItem[]> {
  if (!items.length) return [];
  const ids = items.map((item) => item.id);
  const [specsOf, categories, pictures, documents] = await Promise.all([
    specsOfParts(ids, { executor }),
    listCategories({ executor }),
    picturesOf(ids, { executor }),
    documentsOf(ids, { executor }),
  ]);
  const slugOf = new Map(categories.map((category) => [category.id, category.slug]));
  return items.map((item) => ({
    ...item,
    category_slug: item.category_id === null ? null : (slugOf.get(item.category_id) ?? null),
    specs: specsOf.get(item.id) ?? [],
    pictures: pictures.get(item.id) ?? [],
    documents: documents.get(item.id) ?? [],
  }));
}
