// The catalog file (issue 23, docs/decisions/0028-catalog-import.md), read without the database:
//   columns.ts   its columns and limits, and the shapes of a row read and of a refusal
//   reader.ts    the CSV read into rows under the product form's rules, or refusals
// The upload's own rules live in catalog-file.ts, which the import pages' browser code reads without
// the CSV parser (csv-parse needs Node's Buffer).

export type { CatalogCsvColumn, ImportRefusal, ImportRow } from "./columns";
export {
  CATALOG_CSV_COLUMNS,
  MAX_CSV_RECORD_BYTES,
  MAX_HELD_STOCK,
  MAX_IMPORT_ROWS,
  MAX_LISTED_REFUSALS,
} from "./columns";
export {
  CATALOG_CSV_PARSE_OPTIONS,
  CATALOG_CSV_STRINGIFY_OPTIONS,
  catalogCsvReader,
  fileLinesText,
  readCatalogCsv,
  spreadsheetRow,
  tooManyRowsRefusal,
  unreadableCsvRefusal,
} from "./reader";
export {
  CatalogFileSchema,
  CatalogImportActionSchema,
  csvFileProblem,
  MAX_CATALOG_FILE_BYTES,
} from "~/validation/catalog-file";
