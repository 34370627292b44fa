// A catalog CSV (the export's columns, app/models/catalog-export.server.ts) read into parts, each row
// under the product form's own rules, or refused with its line, column and reason. Nothing here
// reads the database: whether a category exists and which parts a row creates or changes is the
// import model's to say.
import { CsvError, parse } from "csv-parse/sync";
import type { z } from "zod";

import type { MoneyFormat } from "~/lib/money";
import { partNumberKey } from "~/lib/part-number";

import { productSchemas } from "./product";

/**
 * The catalog file's columns: the export writes them in this order, and an import needs them all, in
 * any order.
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
  "image",
  "description",
  "specs",
] as const;
type Column = (typeof CATALOG_CSV_COLUMNS)[number];

/** The most rows one file may hold, and the most refusals listed (the rest are counted). */
export const MAX_IMPORT_ROWS = 200_000;
export const MAX_LISTED_REFUSALS = 500;

/** The product form's field each column fills, so a refusal names the column the file has. */
const FIELD_OF: Record<Exclude<Column, "category" | "hidden">, string> = {
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
const COLUMN_OF = new Map(Object.entries(FIELD_OF).map(([column, field]) => [field, column as Column]));

export type ImportRefusal = { line: number; column: Column | null; reason: string };

type FormValue = z.output<ReturnType<typeof productSchemas>["form"]>;
/** One part of the file: the form's values, its category's slug (or none) and whether it is hidden. */
export type ImportRow = { line: number; values: FormValue; categorySlug: string | null; hidden: boolean };

/** A cell the export escaped so a spreadsheet would not run it ("'=SUM(A1)"), as it was written. */
function unescaped(cell: string) {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * Every row of `text` as a part, or the reasons it is not one; the whole file refused (line 1) when
 * it is not CSV, lacks a column or holds too many rows. A part number twice in one file is refused
 * on its second line, as either row would otherwise undo the other.
 */
export function readCatalogCsv(
  text: string,
  money: MoneyFormat,
): { rows: ImportRow[]; refusals: ImportRefusal[]; refusedRows: number } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    const reason = error instanceof CsvError ? `Not a CSV file the import can read: ${error.message}` : String(error);
    return { rows: [], refusals: [{ line: 1, column: null, reason }], refusedRows: 0 };
  }
  const [header, ...body] = records;
  const names = header?.record.map((cell) => cell.trim().toLowerCase()) ?? [];
  const missing = CATALOG_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) {
    return {
      rows: [],
      refusals: [
        {
          line: 1,
          column: null,
          reason: `The file has no column ${missing.join(", ")}: export the catalog for a file with every column.`,
        },
      ],
      refusedRows: 0,
    };
  }
  if (body.length > MAX_IMPORT_ROWS) {
    return {
      rows: [],
      refusals: [
        { line: 1, column: null, reason: `At most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} parts per file` },
      ],
      refusedRows: 0,
    };
  }
  const index = new Map(CATALOG_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));
  const schema = productSchemas(money).form;
  const rows: ImportRow[] = [];
  const refusals: ImportRefusal[] = [];
  let refusedRows = 0;
  const seen = new Map<string, number>();
  let refused = false;
  const refuse = (line: number, column: Column | null, reason: string) => {
    refused = true;
    if (refusals.length < MAX_LISTED_REFUSALS) refusals.push({ line, column, reason });
  };
  for (const { record, info } of body) {
    refused = false;
    // The line a row starts on, as a text editor numbers it (a quoted cell may span several).
    const line = info.lines - (record.join("").match(/\n/g)?.length ?? 0);
    const cell = (column: Column) => unescaped(record[index.get(column)!] ?? "").trim();
    const hiddenText = cell("hidden").toLowerCase();
    if (!["", "yes", "no"].includes(hiddenText)) refuse(line, "hidden", "Write yes or no");
    const parsed = schema.safeParse({
      partNumber: cell("part_number") || undefined,
      name: cell("name"),
      price: cell("price"),
      priceBreaks: cell("price_breaks"),
      minOrderQuantity: cell("min_order_quantity") || undefined,
      quantity: cell("stock"),
      reorderPoint: cell("reorder_point") || undefined,
      leadTimeDays: cell("lead_time_days") || undefined,
      supplierName: cell("supplier"),
      img: cell("image"),
      description: cell("description"),
      specs: cell("specs"),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        refuse(line, COLUMN_OF.get(String(issue.path[0])) ?? null, issue.message);
      }
    }
    if (!cell("part_number")) {
      refuse(line, "part_number", "Enter a part number: the import matches parts by it");
    } else if (parsed.success && parsed.data.partNumber) {
      const key = partNumberKey(parsed.data.partNumber);
      const first = seen.get(key);
      if (first !== undefined) refuse(line, "part_number", `This part number is on line ${first} too`);
      else seen.set(key, line);
    }
    if (refused || !parsed.success) {
      refusedRows += 1;
      continue;
    }
    rows.push({ line, values: parsed.data, categorySlug: cell("category") || null, hidden: hiddenText === "yes" });
  }
  return { rows, refusals, refusedRows };
}
