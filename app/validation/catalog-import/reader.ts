// A catalog CSV (the export's columns, app/models/catalog-export.server.ts) read into parts, each row
// under the product form's own rules, or refused with its row, column and reason. Nothing here
// reads the database: whether a category exists and which parts a row creates or changes is the
// import model's to say.
import { CsvError, parse } from "csv-parse/sync";

import { CSV_STRINGIFY_OPTIONS } from "~/lib/csv";
import type { MoneyFormat } from "~/lib/money";
import { partNumberKey } from "~/lib/part-number";
import { MAX_DOCUMENTS_PER_PART, MAX_PICTURES_PER_PART } from "~/validation/media";
import { productSchemas } from "~/validation/product";

import {
  CATALOG_CSV_COLUMNS,
  type Column,
  COLUMN_OF,
  heldStockField,
  type ImportRefusal,
  type ImportRow,
  MAX_CSV_RECORD_BYTES,
  MAX_IMPORT_ROWS,
  MAX_LISTED_REFUSALS,
  OPTIONAL_COLUMNS,
} from "./columns";

/**
 * A part's pictures or documents as the file writes them: one per line, a stored file's sha256 and
 * then its alt text or file name ("3f…9a Spur gear, front"). The files themselves are uploaded on
 * a part's page; a file names them to show them on other parts, reorder or drop them.
 */
function fileLines(text: string, limit: number, kind: "pictures" | "documents") {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > limit) return { error: `At most ${limit} ${kind} per part` };
  const described = kind === "pictures" ? "its alt text" : "its file name";
  const files: { hash: string; text: string }[] = [];
  for (const [index, line] of lines.entries()) {
    const match = /^([0-9a-f]{64})(?:\s+(.*))?$/.exec(line);
    if (!match) return { error: `Line ${index + 1}: write a file's sha256 (64 hex digits), then ${described}` };
    // A picture says what it shows to those who cannot see it, whatever path it comes by.
    if (kind === "pictures" && !match[2]) return { error: `Line ${index + 1}: write ${described} after the sha256` };
    files.push({ hash: match[1], text: match[2] ?? "" });
  }
  return { files };
}

/** Files' lines as the export writes them. */
export function fileLinesText(files: { hash: string; text: string }[]) {
  return files.map((file) => (file.text ? `${file.hash} ${file.text}` : file.hash)).join("\n");
}

/** A cell the export escaped so a spreadsheet would not run it ("'=SUM(A1)"), as it was written. */
function unescaped(cell: string) {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** csv-stringify's options for a catalog file: the shop's CSV options (app/lib/csv.ts). */
export const CATALOG_CSV_STRINGIFY_OPTIONS = CSV_STRINGIFY_OPTIONS;

/** csv-parse's options for a catalog file, whole or streamed. */
export const CATALOG_CSV_PARSE_OPTIONS = {
  info: true,
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  max_record_size: MAX_CSV_RECORD_BYTES,
  to: MAX_IMPORT_ROWS + 2,
} as const;

/**
 * A record's row as a spreadsheet numbers it: csv-parse counts records, the header's being 1. (Its
 * text line was not: a description holding line breaks put every later part lines further down.)
 */
export function spreadsheetRow(info: { records: number }) {
  return info.records;
}

export const tooManyRowsRefusal = (): ImportRefusal => ({
  line: 1,
  column: null,
  reason: `At most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} parts per file`,
});

export function unreadableCsvRefusal(error: unknown): ImportRefusal {
  const reason =
    error instanceof CsvError
      ? `Not a CSV file the import can read: ${error.message}`
      : `Not a CSV file the import can read`;
  return { line: 1, column: null, reason };
}

/**
 * Reads a catalog file record by record (the header first), each row under the product form's own
 * rules: `header` says whether the file has every column, `row` turns a record into a part or the
 * reasons it is not one. It remembers the part numbers it has read, so a number twice in one file
 * is refused on its second row, as either would otherwise undo the other.
 */
export function catalogCsvReader(money: MoneyFormat) {
  const schema = productSchemas(money).form;
  const seen = new Map<string, number>();
  let index = new Map<Column, number>();
  return {
    header(record: string[]): ImportRefusal | null {
      const names = record.map((cell) => cell.trim().toLowerCase());
      const missing = CATALOG_CSV_COLUMNS.filter(
        (column) => !names.includes(column) && !OPTIONAL_COLUMNS.includes(column),
      );
      if (missing.length) {
        return {
          line: 1,
          column: null,
          reason: `The file has no column ${missing.join(", ")}: export the catalog for a file with every column.`,
        };
      }
      index = new Map(CATALOG_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));
      return null;
    },
    row(record: string[], line: number): { row: ImportRow } | { refusals: ImportRefusal[] } {
      const refusals: ImportRefusal[] = [];
      const named = unescaped(record[index.get("part_number") ?? -1] ?? "").trim() || null;
      const refuse = (column: Column | null, reason: string) =>
        refusals.push({ line, column, reason, partNumber: named });
      const cell = (column: Column) => {
        const at = index.get(column) ?? -1;
        return at < 0 ? "" : unescaped(record[at] ?? "").trim();
      };
      const hiddenText = cell("hidden").toLowerCase();
      if (!["", "yes", "no"].includes(hiddenText)) refuse("hidden", "Write yes or no");
      const backordersText = cell("backorders").toLowerCase();
      if (!["", "yes", "no"].includes(backordersText)) refuse("backorders", "Write yes or no, or leave it empty");
      const versionText = cell("version");
      if (versionText && !/^[1-9]\d{0,9}$/.test(versionText)) {
        refuse("version", "Leave the version as the export wrote it (a whole number), or empty");
      }
      const parsed = schema.safeParse({
        partNumber: cell("part_number") || undefined,
        name: cell("name"),
        price: cell("price"),
        priceBreaks: cell("price_breaks"),
        minOrderQuantity: cell("min_order_quantity") || undefined,
        // Read above, to the catalog's own bound rather than the form's.
        quantity: 0,
        reorderPoint: cell("reorder_point") || undefined,
        leadTimeDays: cell("lead_time_days") || undefined,
        supplierName: cell("supplier"),
        img: cell("image"),
        description: cell("description"),
        specs: cell("specs"),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          refuse(COLUMN_OF.get(String(issue.path[0])) ?? null, issue.message);
        }
      }
      const stock = heldStockField.safeParse(cell("stock"));
      if (!stock.success) refuse("stock", stock.error.issues[0].message);
      const pictures =
        index.get("pictures")! >= 0 ? fileLines(cell("pictures"), MAX_PICTURES_PER_PART, "pictures") : null;
      if (pictures && "error" in pictures) refuse("pictures", pictures.error!);
      const documents =
        index.get("documents")! >= 0 ? fileLines(cell("documents"), MAX_DOCUMENTS_PER_PART, "documents") : null;
      if (documents && "error" in documents) refuse("documents", documents.error!);
      const partNumber = parsed.success ? parsed.data.partNumber : undefined;
      if (!cell("part_number")) {
        refuse("part_number", "Enter a part number: the import matches parts by it");
      } else if (partNumber) {
        const key = partNumberKey(partNumber);
        const first = seen.get(key);
        if (first !== undefined) refuse("part_number", `This part number is on row ${first} too`);
        else seen.set(key, line);
      }
      if (refusals.length || !parsed.success || !stock.success || !partNumber) return { refusals };
      return {
        row: {
          line,
          values: { ...parsed.data, partNumber, quantity: stock.data },
          categorySlug: cell("category") || null,
          hidden: hiddenText === "yes",
          ...(backordersText ? { allowBackorder: backordersText === "yes" } : {}),
          version: versionText ? Number(versionText) : null,
          ...(pictures?.files ? { pictures: pictures.files.map(({ hash, text }) => ({ hash, alt: text })) } : {}),
          ...(documents?.files
            ? { documents: documents.files.map(({ hash, text }) => ({ hash, fileName: text })) }
            : {}),
        },
      };
    },
  };
}

/**
 * Every row of `text` as a part, or the reasons it is not one; the whole file refused (line 1) when
 * it is not CSV, lacks a column or holds too many rows.
 */
export function readCatalogCsv(
  text: string,
  money: MoneyFormat,
): { rows: ImportRow[]; refusals: ImportRefusal[]; refusedRows: number } {
  let records: { record: string[]; info: { records: number } }[];
  try {
    records = parse(text, CATALOG_CSV_PARSE_OPTIONS) as unknown as typeof records;
  } catch (error) {
    return { rows: [], refusals: [unreadableCsvRefusal(error)], refusedRows: 0 };
  }
  const [header, ...body] = records;
  const reader = catalogCsvReader(money);
  const missing = reader.header(header?.record ?? []);
  if (missing) return { rows: [], refusals: [missing], refusedRows: 0 };
  if (body.length > MAX_IMPORT_ROWS) return { rows: [], refusals: [tooManyRowsRefusal()], refusedRows: 0 };
  const rows: ImportRow[] = [];
  const refusals: ImportRefusal[] = [];
  let refusedRows = 0;
  for (const { record, info } of body) {
    const read = reader.row(record, spreadsheetRow(info));
    if ("row" in read) {
      rows.push(read.row);
      continue;
    }
    refusedRows += 1;
    refusals.push(...read.refusals.slice(0, MAX_LISTED_REFUSALS - refusals.length));
  }
  return { rows, refusals, refusedRows };
}
