// The whole catalog as CSV rows for staff (/dashboard/export/catalog.csv), and the columns an import
// reads back: one row per part, its specs and price breaks in the product form's own text (one
// "Name: value unit" or "quantity: price" per line), so a spreadsheet edit reads as a form edit, and
// its pictures and documents as their files' hashes with alt text or file name, one per line.
import { db, type DbOptions } from "~/db/db.server";
import { CATALOG_CSV_COLUMNS, fileLinesText } from "~/validation/catalog-import";
import { priceBreakLinesText, specLinesText } from "~/validation/product";

import { specsOfParts } from "./item";
import { documentRefsOf, pictureRefsOf } from "./media";
import { priceBreaksOf } from "./pricing.server";

export { CATALOG_CSV_COLUMNS };

/** Parts read per query: each slice is one short read, with the event loop free between them. */
export const EXPORT_BATCH = 1_000;

/**
 * Every part (hidden ones too: staff export drafts as well), in id order, a slice of rows at a time.
 * Each slice starts after the last part of the one before, so a part added or removed meanwhile
 * never shifts another out of the file.
 */
export async function* catalogCsvBatches({
  executor = db,
  batch = EXPORT_BATCH,
}: DbOptions & { batch?: number } = {}): AsyncGenerator<string[][]> {
  let after = 0;
  for (;;) {
    const parts = await executor
      .selectFrom("items")
      .leftJoin("categories", "categories.id", "items.category_id")
      .select([
        "items.id",
        "items.part_number",
        "items.name",
        "categories.slug as category",
        "items.price_cents",
        "items.min_order_quantity",
        "items.quantity",
        "items.reorder_point",
        "items.lead_time_days",
        "items.supplier_name",
        "items.hidden",
        "items.allow_backorder",
        "items.img",
        "items.description",
        "items.version",
      ])
      .where("items.id", ">", after)
      .orderBy("items.id")
      .limit(batch)
      .execute();
    if (!parts.length) return;
    const ids = parts.map((part) => part.id);
    const [specsOf, breaksOf, picturesOf, documentsOf] = await Promise.all([
      specsOfParts(ids, { executor }),
      priceBreaksOf(ids, { executor }),
      pictureRefsOf(ids, { executor }),
      documentRefsOf(ids, { executor }),
    ]);
    yield parts.map((part) => [
      part.part_number,
      part.name,
      part.category ?? "",
      (part.price_cents / 100).toFixed(2),
      priceBreakLinesText(breaksOf.get(part.id) ?? []),
      String(part.min_order_quantity),
      String(part.quantity),
      String(part.reorder_point),
      String(part.lead_time_days),
      part.supplier_name,
      part.hidden ? "yes" : "no",
      part.allow_backorder ? "yes" : "no",
      part.img,
      part.description,
      specLinesText(specsOf.get(part.id) ?? []),
      fileLinesText((picturesOf.get(part.id) ?? []).map(({ hash, alt }) => ({ hash, text: alt }))),
      fileLinesText((documentsOf.get(part.id) ?? []).map(({ hash, fileName }) => ({ hash, text: fileName }))),
      String(part.version),
    ]);
    if (parts.length < batch) return;
    after = ids[ids.length - 1];
    // better-sqlite3 answers at once, so without this the whole export would run as one long task:
    // nothing else (the export's own socket included) would be served until its last slice.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
