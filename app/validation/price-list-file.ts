import { CsvError, parse } from "csv-parse/sync";

import { ruleOfRow } from "./price-lists";

// A price list's rules file (issue 50), read on the server only (csv-parse needs Node's Buffer): the
// same columns the rules download writes, each row read by the add-rule form's own rules.

/** The columns a rules file has; part_name and list_price are written for people and not read back. */
export const PRICE_LIST_CSV_COLUMNS = [
  "part_number",
  "category",
  "percent_off",
  "unit_price",
  "breaks",
  "part_name",
  "list_price",
] as const;
const READ_COLUMNS = ["part_number", "category", "percent_off", "unit_price", "breaks"] as const;

/** More rules than any list needs (the largest we plan for is 50,000 parts). */
export const MAX_PRICE_LIST_ROWS = 100_000;
/** The problems a refused file lists; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;

export type FileRule = Exclude<ReturnType<typeof ruleOfRow>["rule"], undefined>;
export type RowProblem = { row: number; message: string };
/** A file's rules as read, and the problems of rows that are not rules (a file refused whole has only its problem). */
export type RulesFile = { rows: { row: number; rule: FileRule }[]; problems: ReturnType<typeof problemList> };

/** The key a rule is unique by in a list: one rule per part, per category and one for all parts. */
export function ruleKeyOf(rule: FileRule) {
  if (rule.kind === "part") return `part:${rule.partNumber}`;
  return rule.kind === "category" ? `category:${rule.categorySlug}` : "all";
}

/** Problems collected up to the listed bound and counted beyond it. */
export function problemList() {
  const problems: RowProblem[] = [];
  let count = 0;
  return {
    add(row: number, message: string) {
      count += 1;
      if (problems.length < MAX_LISTED_PROBLEMS) problems.push({ row, message });
    },
    get count() {
      return count;
    },
    /** The listed problems in the file's order. */
    listed: () => [...problems].sort((a, b) => a.row - b.row),
  };
}

/**
 * Reads a rules file: the header must name the rule columns (in any order; others are ignored), and
 * every row is a rule or a problem named by its spreadsheet row (the header is row 1). A part,
 * category or "all parts" twice in one file is refused on its second row: either would undo the other.
 */
export function readRulesFile(text: string): RulesFile {
  let records: { record: string[]; info: { records: number } }[];
  try {
    records = parse(text, {
      info: true,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: MAX_PRICE_LIST_ROWS + 2,
    }) as unknown as { record: string[]; info: { records: number } }[];
  } catch (error) {
    const reason = error instanceof CsvError ? `: ${error.message}` : "";
    return wholeFileRefused(`Not a CSV file the import can read${reason}`);
  }
  const problems = problemList();
  const [header, ...body] = records;
  if (!header) return wholeFileRefused("The file is empty");
  const names = header.record.map((name) => name.trim().toLowerCase());
  const missing = READ_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) {
    return wholeFileRefused(
      `The file has no ${missing.join(", ")} column: download the rules for a file with every column`,
    );
  }
  if (body.length > MAX_PRICE_LIST_ROWS) {
    return wholeFileRefused(`At most ${MAX_PRICE_LIST_ROWS.toLocaleString("en-GB")} rules per file`);
  }
  const at = Object.fromEntries(READ_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    (typeof READ_COLUMNS)[number],
    number
  >;
  const seen = new Map<string, number>();
  const rows: { row: number; rule: FileRule }[] = [];
  for (const { record, info } of body) {
    const cell = (column: (typeof READ_COLUMNS)[number]) => record[at[column]]?.trim() || undefined;
    const read = ruleOfRow({
      partNumber: cell("part_number"),
      category: cell("category"),
      percentOff: cell("percent_off"),
      unitPrice: cell("unit_price"),
      breaks: cell("breaks"),
    });
    if (!read.rule) {
      problems.add(info.records, read.problem);
      continue;
    }
    const key = ruleKeyOf(read.rule);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.add(info.records, `Row ${earlier} already has a rule for ${key === "all" ? "all parts" : "this"}`);
      continue;
    }
    seen.set(key, info.records);
    rows.push({ row: info.records, rule: read.rule });
  }
  return { rows, problems };
}

function wholeFileRefused(message: string): RulesFile {
  const problems = problemList();
  problems.add(1, message);
  return { rows: [], problems };
}
