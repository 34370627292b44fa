// How the shop writes CSV files (catalog, orders, invoices): one set of csv-stringify options, and
// money as plain numbers a spreadsheet or an accounting import reads.

import { decimalAmount } from "./money";

/** A cell that is a plain number ("-12.00", "-3", "0.5"): a spreadsheet reads it as one, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet runs as a formula when a cell starts with it (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as the shop writes it: with a ' before it when a spreadsheet would run it as a formula,
 * except a plain number, which stays a number (a credit note's -10.00 is an amount, not text).
 */
export function formulaSafeCell(value: string) {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * csv-stringify's options: CRLF between rows, as spreadsheets write them; a cell holding a line
 * break quoted (csv-stringify quotes only cells holding the row delimiter itself, and a bare line
 * break in an unquoted cell ends the row in every other reader); every text cell made formula-safe
 * (csv-stringify's own `escape_formulas` also turned negative amounts into text).
 */
export const CSV_STRINGIFY_OPTIONS = {
  record_delimiter: "\r\n",
  quoted_match: /[\r\n]/,
  cast: { string: formulaSafeCell },
} as const;

/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
export const CSV_BYTE_ORDER_MARK = "\uFEFF";

/** An amount in minor units as a CSV cell: "12.50", "-3.00"; no currency sign, so it reads as a number. */
export function csvAmount(cents: number) {
  return decimalAmount(cents);
}
