// A stored catalog file read a batch of rows at a time, each row under the product form's rules
// (app/validation/catalog-import.ts), without ever holding the whole file.
import { pipeline, Readable } from "node:stream";

import { CsvError, parse } from "csv-parse";

import type { Executor } from "~/db/db.server";
import type { MoneyFormat } from "~/lib/money";
import {
  CATALOG_CSV_PARSE_OPTIONS,
  catalogCsvReader,
  type ImportRefusal,
  type ImportRow,
  MAX_IMPORT_ROWS,
  spreadsheetRow,
  tooManyRowsRefusal,
  unreadableCsvRefusal,
} from "~/validation/catalog-import";

import { catalogImportFile } from "./jobs.server";

/** Rows compared (and written) per round: one read of their parts, specs and price breaks. */
export const IMPORT_BATCH_ROWS = 500;

/** A batch of the file's rows: those read as parts, the refused ones, and how far into the file it ends. */
export type FileBatch = {
  rows: ImportRow[];
  refusals: ImportRefusal[];
  refusedRows: number;
  bytesDone: number;
  rowsRead: number;
};

/** The stored file's rows, a batch at a time; the whole file refused (line 1) ends it at once. */
export async function* fileBatches(
  importId: number,
  executor: Executor,
  money: MoneyFormat,
): AsyncGenerator<FileBatch> {
  let bytesDone = 0;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  async function* text() {
    for await (const bytes of catalogImportFile(importId, { executor })) {
      bytesDone += bytes.byteLength;
      yield decoder.decode(bytes, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
  const { to: _noCutOff, ...options } = CATALOG_CSV_PARSE_OPTIONS;
  const parser = parse(options);
  pipeline(Readable.from(text()), parser, () => {});
  const reader = catalogCsvReader(money);
  let batch: FileBatch = { rows: [], refusals: [], refusedRows: 0, bytesDone: 0, rowsRead: 0 };
  let rowsRead = 0;
  let rowsBefore = 0;
  let header = true;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
      if (header) {
        header = false;
        const missing = reader.header(record);
        if (missing) return yield wholeFileRefused(missing, bytesDone);
        continue;
      }
      rowsRead += 1;
      if (rowsRead > MAX_IMPORT_ROWS) return yield wholeFileRefused(tooManyRowsRefusal(), bytesDone);
      const read = reader.row(record, spreadsheetRow(info));
      if ("row" in read) batch.rows.push(read.row);
      else {
        batch.refusedRows += 1;
        batch.refusals.push(...read.refusals);
      }
      if (batch.rows.length + batch.refusedRows >= IMPORT_BATCH_ROWS) {
        yield { ...batch, bytesDone, rowsRead: rowsRead - rowsBefore };
        rowsBefore = rowsRead;
        batch = { rows: [], refusals: [], refusedRows: 0, bytesDone: 0, rowsRead: 0 };
      }
    }
  } catch (error) {
    if (error instanceof TypeError && /encoded data was not valid/i.test(error.message)) {
      return yield wholeFileRefused(
        { line: 1, column: null, reason: "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”." },
        bytesDone,
      );
    }
    if (error instanceof CsvError) return yield wholeFileRefused(unreadableCsvRefusal(error), bytesDone);
    throw error;
  }
  if (header) {
    return yield wholeFileRefused(
      { line: 1, column: null, reason: "The file is empty: export the catalog for a file with every column." },
      bytesDone,
    );
  }
  yield { ...batch, bytesDone, rowsRead: rowsRead - rowsBefore };
}

function wholeFileRefused(refusal: ImportRefusal, bytesDone: number): FileBatch {
  return { rows: [], refusals: [refusal], refusedRows: 0, bytesDone, rowsRead: 0 };
}
