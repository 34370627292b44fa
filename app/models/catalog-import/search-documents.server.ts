// Parts' search documents as the catalog's triggers make them, rewritten once per part an apply changed.
import { sql } from "kysely";

import { partNumberKey } from "~/lib/part-number";
import { specDocumentText } from "~/lib/search/spec-keys";
import type { SpecRow } from "~/lib/spec-templates";
import { specsOfParts } from "~/models/item";

import type { PartFields } from "./summary";
import { insertInSlices, isPostgres, type Trx } from "./write-phases.server";

/** A part's search document as the catalog's triggers make it, from its row, category and specs. */
type DocumentSource = {
  id: number;
  name: string;
  part_number: string;
  part_number_key: string;
  description: string;
  category: string | null;
  specs: SpecRow[];
};

/**
 * These parts' search documents, written again: changed parts' from their rows as they are now,
 * new parts' from what was just written for them (reading 100,000 new parts and their 600,000 spec
 * rows back cost 2.3 s). PostgreSQL: its own function (migration 0020). SQLite: both full-text
 * tables, with the specs' text made here.
 */
export async function rewriteDocuments(
  trx: Trx,
  changedIds: number[],
  created: { id: number; fields: PartFields; specs: SpecRow[] }[],
) {
  if (!changedIds.length && !created.length) return;
  if (isPostgres(trx)) {
    const ids = [...changedIds, ...created.map((part) => part.id)];
    await sql`select search_document_of(id) from items where id in (${sql.join(ids)})`.execute(trx);
    return;
  }
  const categoryIds = [...new Set(created.flatMap((part) => part.fields.category_id ?? []))];
  const [changed, categories] = await Promise.all([
    documentSourcesOf(trx, changedIds),
    categoryIds.length
      ? trx.selectFrom("categories").select(["id", "name"]).where("id", "in", categoryIds).execute()
      : [],
  ]);
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  const sources: DocumentSource[] = [
    ...changed,
    ...created.map(({ id, fields, specs }) => ({
      id,
      name: fields.name,
      part_number: fields.part_number,
      part_number_key: partNumberKey(fields.part_number),
      description: fields.description,
      category: fields.category_id === null ? null : (categoryName.get(fields.category_id) ?? null),
      specs,
    })),
  ];
  if (changedIds.length) {
    const ids = sql.join(changedIds);
    await sql`delete from items_search where rowid in (${ids})`.execute(trx);
    await sql`delete from items_name_search where rowid in (${ids})`.execute(trx);
  }
  const documents = sources.map((part) => ({
    rowid: part.id,
    name: part.name,
    part: `${part.part_number} ${part.part_number_key}`,
    specs: specDocumentText(part.specs),
    category: part.category ?? "",
    description: part.description,
  }));
  await insertInSlices(trx, "items_name_search", ["rowid", "name", "part", "specs"], documents);
  await insertInSlices(trx, "items_search", ["rowid", "name", "part", "specs", "category", "description"], documents);
}

/** Parts' rows and spec rows as the catalog holds them, for their search documents. */
async function documentSourcesOf(trx: Trx, itemIds: number[]): Promise<DocumentSource[]> {
  if (!itemIds.length) return [];
  const [parts, specsOf] = await Promise.all([
    trx
      .selectFrom("items")
      .leftJoin("categories", "categories.id", "items.category_id")
      .select([
        "items.id",
        "items.name",
        "items.part_number",
        "items.part_number_key",
        "items.description",
        "categories.name as category",
      ])
      .where("items.id", "in", itemIds)
      .execute(),
    specsOfParts(itemIds, { executor: trx }),
  ]);
  return parts.map((part) => ({ ...part, specs: specsOf.get(part.id) ?? [] }));
}
