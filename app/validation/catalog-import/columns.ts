// The catalog file's columns and limits, and what reading it gives: rows under the product form's
// rules, or refusals naming the spreadsheet row, the column and the part.
import { z } from "zod";

import { wholeNumberField } from "~/validation/common";
import { productSchemas } from "~/validation/product";

/**
 * The catalog file's columns: the export writes them in this order, and an import needs them all, in
 * any order, but these: without `version` (a file made by hand) stock is set for new parts only;
 * without `pictures` or `documents`, parts keep the files they have; without `backorders` (or with
 * the cell empty), parts keep whether they take backorders, and new parts take them.
 */
export const CATALOG_CSV_COLUMNS = [
  "part_number",
  "name",
  "category",
  "price",
  "price_breaks",
  "min_order_quantity",
  "stock",
  "reorder_point",
  "lead_time_days",
  "supplier",
  "hidden",
  "backorders",
  "image",
  "description",
  "specs",
  "pictures",
  "documents",
  "version",
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];
export type Column = CatalogCsvColumn;
export const OPTIONAL_COLUMNS: readonly Column[] = ["version", "pictures", "documents", "backorders"];

/** The most rows one file may hold, and the most refusals listed (the rest are counted). */
export const MAX_IMPORT_ROWS = 200_000;
export const MAX_LISTED_REFUSALS = 500;
/** The longest row the reader takes (a row is a part: its description and specs are the long cells). */
export const MAX_CSV_RECORD_BYTES = 64 * 1024;

/**
 * Stock as a file may hold it: what the catalog holds, which adjustments can take past the product
 * form's opening-stock bound (an export must import again), up to what the column stores.
 */
export const MAX_HELD_STOCK = 2_000_000_000;
export const heldStockField = wholeNumberField({
  min: 0,
  max: MAX_HELD_STOCK,
  required: "Enter the stock",
  notWhole: "Stock must be a whole number",
  tooFew: "Stock must be at least 0",
  tooMany: `Stock must be at most ${MAX_HELD_STOCK}`,
});

/** The product form's field each column fills, so a refusal names the column the file has. */
const FIELD_OF: Record<
  Exclude<Column, "category" | "hidden" | "backorders" | "version" | "pictures" | "documents">,
  string
> = {
  part_number: "partNumber",
  name: "name",
  price: "price",
  price_breaks: "priceBreaks",
  min_order_quantity: "minOrderQuantity",
  stock: "quantity",
  reorder_point: "reorderPoint",
  lead_time_days: "leadTimeDays",
  supplier: "supplierName",
  image: "img",
  description: "description",
  specs: "specs",
};
export const COLUMN_OF = new Map(Object.entries(FIELD_OF).map(([column, field]) => [field, column as Column]));

/**
 * Why a row is refused. `line` is its row as a spreadsheet numbers it (the header is row 1, and a
 * cell holding line breaks does not move the rows after it); `partNumber`, the part it names, so
 * staff find it by either.
 */
export type ImportRefusal = { line: number; column: Column | null; reason: string; partNumber?: string | null };

type FormValue = z.output<ReturnType<typeof productSchemas>["form"]>;
/**
 * One part of the file: the form's values, its category's slug (or none), whether it is hidden,
 * and the version of the part the export read it from (null when the file has none).
 */
export type ImportRow = {
  line: number;
  values: FormValue & { partNumber: string };
  categorySlug: string | null;
  hidden: boolean;
  /** Whether the part takes backorders; undefined when the file leaves it out (the part keeps its own). */
  allowBackorder?: boolean;
  version: number | null;
  /** The stored files the part shows, by hash; undefined when the file has no such column. */
  pictures?: { hash: string; alt: string }[];
  documents?: { hash: string; fileName: string }[];
};
