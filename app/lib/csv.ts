// How the shop writes CSV files (catalog, orders, invoices): one set of csv-stringify options, and
// money as plain numbers a spreadsheet or an accounting import reads.

/**
 * csv-stringify's options: CRLF between rows, as spreadsheets write them; a cell holding a line
 * break quoted (csv-stringify quotes only cells holding the row delimiter itself, and a bare line
 * break in an unquoted cell ends the row in every other reader); a cell a spreadsheet would run as a
 * formula (=, +, -, @, a tab or a carriage return first) written with a ' before it.
 */
export const CSV_STRINGIFY_OPTIONS = {
  escape_formulas: true,
  record_delimiter: "\r\n",
  quoted_match: /[\r\n]/,
} as const;

/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
export const CSV_BYTE_ORDER_MARK = "\uFEFF";

/** An amount in minor units as a CSV cell: "12.50", "-3.00"; no currency sign, so it reads as a number. */
export function csvAmount(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}
